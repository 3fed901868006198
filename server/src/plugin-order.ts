/** What fastify-plugin records on a plugin: its name and the plugins it needs registered first. */
export interface PluginMeta {
  name?: string;
  dependencies?: readonly string[];
}

/** What fastify-plugin recorded on a plugin: its name and dependencies (nothing, for a plain function). */
export function metaOf(plugin: object): PluginMeta {
  const meta: unknown = Reflect.get(plugin, Symbol.for('plugin-meta'));
  return typeof meta === 'object' && meta !== null ? meta : {};
}

/**
 * The plugins in an order where each comes after those of the list it depends on (fastify-plugin's `dependencies`),
 * keeping the given order where the dependencies leave a choice. A dependency outside the list must be registered
 * before; fastify-plugin refuses to register a plugin whose dependency is missing. A cycle is a programming error.
 */
export function inDependencyOrder<P extends object>(plugins: readonly P[]): P[] {
  const names = new Map(plugins.map((p) => [metaOf(p).name, p] as const));
  const placed = new Set<P>();
  const visiting = new Set<P>();
  const ordered: P[] = [];
  const place = (plugin: P): void => {
    if (placed.has(plugin)) return;
    if (visiting.has(plugin)) throw new Error(`plugin dependency cycle at '${metaOf(plugin).name ?? '?'}'`);
    visiting.add(plugin);
    for (const dependency of metaOf(plugin).dependencies ?? []) {
      const needed = names.get(dependency);
      if (needed) place(needed);
    }
    visiting.delete(plugin);
    placed.add(plugin);
    ordered.push(plugin);
  };
  for (const plugin of plugins) place(plugin);
  return ordered;
}
