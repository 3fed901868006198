import type { Generated } from 'kysely';

/** An IoT card (issue 22): the box reporting it now (null: none does any more), its provider and expiry date. */
export interface IotCardsTable {
  id: Generated<number>;
  iccid: string;
  box_id: number | null;
  provider: Generated<string>;
  /** `YYYY-MM-DD`; null while nobody set it. */
  expires_on: string | null;
  /** When a box last reported it (null: only imported). */
  seen_at: number | null;
  updated_at: number;
}

/** A box's card change, as its hello reported it. */
export interface IotCardChangesTable {
  id: Generated<number>;
  box_id: number;
  from_iccid: string | null;
  to_iccid: string;
  at: number;
}

/** Renewal feedback about a card: pending until handled (done or declined) with a reply. */
export interface CardFeedbackTable {
  id: Generated<number>;
  card_id: number;
  user_id: number;
  /** The contract's FeedbackKind. */
  kind: string;
  note: string;
  /** The contract's FeedbackStatus. */
  status: string;
  reply: Generated<string>;
  handled_by: string | null;
  created_at: number;
  handled_at: number | null;
}

/** Root's settings of the area (key `prompt`: the renewal prompt, JSON). */
export interface IotCardSettingsTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: string;
}

export interface IotCardTables {
  iot_cards: IotCardsTable;
  iot_card_changes: IotCardChangesTable;
  card_feedback: CardFeedbackTable;
  iot_card_settings: IotCardSettingsTable;
}
