import type { Members } from './members.js';

/**
 * An instance of one of several server groups (REDIS_GROUP; docs/scaling.md, "How boxes are moved between server
 * groups"): a group is a broker with its instances, and only they hear its boxes, so a box is owned among the
 * instances of its group (`<prefix>group:<name>:members`); everything else is decided among all the instances of the
 * deployment, which share the database (`<prefix>members`): who runs once-only work (`job:…`), and whether the
 * instance that runs an export or a script is still alive. One id in both sets.
 */
export class GroupMembers implements Members {
  constructor(
    private readonly all: Members,
    private readonly group: Members,
  ) {}

  get self(): string {
    return this.all.self;
  }

  live(): readonly string[] {
    return this.all.live();
  }

  ownerOf(key: string): string {
    return key.startsWith('box:') ? this.group.ownerOf(key) : this.all.ownerOf(key);
  }

  owns(key: string): boolean {
    return this.ownerOf(key) === this.self;
  }

  /** Either set changed (a box's owner is asked again at every change, a job's too). */
  onChange(listener: (change: { came: string[]; went: string[] }) => void): void {
    this.all.onChange(listener);
    this.group.onChange(listener);
  }

  /** The group's: what is kept for a dead owner of a box lasts until the group sees it gone. */
  watchedTime(): number {
    return this.group.watchedTime();
  }

  async close(): Promise<void> {
    await this.group.close();
    await this.all.close();
  }
}
