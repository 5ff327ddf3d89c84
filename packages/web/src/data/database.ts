// The database as the web app sees it: the types generated from supabase/migrations
// (database.types.ts, written by `pnpm db:types`), with the few corrections a generator cannot
// know (view columns that are never null, columns a trigger fills), and short names for rows and
// enums. Data functions type their rows from here, never by hand; every enum's values come from
// the generated `Constants`, in the migration's order.

import { Constants, type Database as GeneratedDatabase, type Json } from './database.types';

export type { Json };

type GeneratedPublic = GeneratedDatabase['public'];
type GeneratedView<Name extends keyof GeneratedPublic['Views']> = GeneratedPublic['Views'][Name];

/** PostgreSQL reports every column of a view as nullable, so the generator does too. Columns a view
 * copies from NOT NULL table columns are restated as not null here; the rest keep their type. */
type WithNotNull<Row, NotNull extends keyof Row> = Omit<Row, NotNull> & {
  [Column in NotNull]: NonNullable<Row[Column]>;
};

/** leaderboard_entries copies challenge_recordings row for row (see its migration). */
type LeaderboardEntryRow = WithNotNull<
  GeneratedView<'leaderboard_entries'>['Row'],
  | 'id'
  | 'challenge_id'
  | 'name'
  | 'gender'
  | 'valid_reps'
  | 'invalid_reps'
  | 'total_reps'
  | 'duration_seconds'
  | 'referral_count'
  | 'created_at'
  | 'verification_status'
  | 'verification_rank'
>;

type GeneratedTable<Name extends keyof GeneratedPublic['Tables']> = GeneratedPublic['Tables'][Name];

/** A NOT NULL column with no default that a trigger fills when an insert leaves it out: the
 * generator marks it required; it is optional. */
type WithTriggerFilled<Insert, Column extends keyof Insert> = Omit<Insert, Column> & {
  [Name in Column]?: Insert[Name];
};

/** challenges.slug is made from the name when missing (assign_challenge_slug), and always for a
 * user who is not an admin. */
type ChallengeInsert = WithTriggerFilled<GeneratedTable<'challenges'>['Insert'], 'slug'>;

/** The generic of the app's supabase client. */
export type Database = Omit<GeneratedDatabase, 'public'> & {
  public: Omit<GeneratedPublic, 'Tables' | 'Views'> & {
    Tables: Omit<GeneratedPublic['Tables'], 'challenges'> & {
      challenges: Omit<GeneratedTable<'challenges'>, 'Insert'> & { Insert: ChallengeInsert };
    };
    Views: Omit<GeneratedPublic['Views'], 'leaderboard_entries'> & {
      leaderboard_entries: Omit<GeneratedView<'leaderboard_entries'>, 'Row'> & {
        Row: LeaderboardEntryRow;
      };
    };
  };
};

type PublicSchema = Database['public'];
type TableName = keyof PublicSchema['Tables'];
type ViewName = keyof PublicSchema['Views'];

/** A row of a table or view, e.g. `Row<'challenges'>`. */
export type Row<Name extends TableName | ViewName> = Name extends TableName
  ? PublicSchema['Tables'][Name]['Row']
  : Name extends ViewName
    ? PublicSchema['Views'][Name]['Row']
    : never;
/** What an insert into a table may carry. */
export type RowInsert<Name extends TableName> = PublicSchema['Tables'][Name]['Insert'];
/** What an update of a table may carry. */
export type RowUpdate<Name extends TableName> = PublicSchema['Tables'][Name]['Update'];
/** One row a set-returning function answers through rpc(), e.g.
 * `FunctionRow<'admin_challenge_stats'>`. */
export type FunctionRow<Name extends keyof PublicSchema['Functions']> =
  PublicSchema['Functions'][Name]['Returns'] extends readonly (infer Answer)[] ? Answer : never;
/** The values of an enum, e.g. `DbEnum<'challenge_type'>`. */
export type DbEnum<Name extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][Name];

/** Every enum's values at run time, in the order the migration declares them. */
export const DB_ENUM_VALUES = Constants.public.Enums;

/** A JSON object as a jsonb column takes it. TypeScript cannot match an interface (an exercise
 * definition, say) to `Json`'s index signature, so the value goes through the same serialisation
 * the request would apply: what arrives is what is stored, and nothing is cast. */
export function toJsonDocument(value: object): NonNullable<Json> {
  const json: NonNullable<Json> = JSON.parse(JSON.stringify(value));
  return json;
}
