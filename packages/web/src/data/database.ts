// The database as the web app sees it: the types generated from supabase/migrations
// (database.types.ts, written by `pnpm db:types`), with the few corrections a generator cannot
// know (view and composite-type columns that are never null, columns a trigger fills), and short
// names for rows, composite values and enums. Data functions type their rows from here, never by hand; every enum's values come from
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

/** leaderboard_entries copies challenge_recordings row for row (supabase/rules/visibility.sql);
 * the id, rep counts, length, form score, analysis and media stay nullable: they are null while a
 * challenge's results are hidden from the viewer. */
type LeaderboardEntryRow = WithNotNull<
  GeneratedView<'leaderboard_entries'>['Row'],
  | 'challenge_id'
  | 'name'
  | 'gender'
  | 'referral_count'
  | 'share_count'
  | 'created_at'
  | 'verification_status'
  | 'ranked'
>;

type GeneratedComposite<Name extends keyof GeneratedPublic['CompositeTypes']> =
  GeneratedPublic['CompositeTypes'][Name];
type GeneratedFunction<Name extends keyof GeneratedPublic['Functions']> =
  GeneratedPublic['Functions'][Name];

/** The generator reports every attribute of a composite type as nullable, as PostgreSQL does.
 * The leaderboard functions' answers (20261125200300_leaderboards.sql) restated: what the
 * functions always fill is not null; what they withhold or may lack keeps its null. */
type GenderCounts = {
  [Tab in keyof GeneratedComposite<'leaderboard_gender_counts'>]: number;
};
/** Null while hidden from the caller: rank, recording id, the rep counts, length, form score and
 * media; user_id when the account is gone; form_score without a measurement. Only a ranked entry
 * (verified) has a rank and counts; one that does not rank has its claim in claimed_valid_reps. */
type LeaderboardEntryValue = WithNotNull<
  GeneratedComposite<'leaderboard_entry'>,
  | 'name'
  | 'gender'
  | 'share_count'
  | 'referral_count'
  | 'created_at'
  | 'is_own'
  | 'verification_status'
  | 'ranked'
>;
/** period_start and period_end are null for All Time; results_final_at when no end is known. */
type LeaderboardPageValue = Omit<
  WithNotNull<
    GeneratedComposite<'leaderboard_page'>,
    'challenge_id' | 'period' | 'gender' | 'time_zone' | 'results_hidden' | 'participant_count'
  >,
  'counts' | 'entries' | 'own_entry'
> & {
  counts: GenderCounts;
  entries: LeaderboardEntryValue[];
  /** Null for a visitor and a viewer without an entry on this tab. */
  own_entry: LeaderboardEntryValue | null;
};
/** Null while hidden from the caller: rank and every count but referrals. Only a ranked entry
 * (a participant with a verified recording) has a rank; pending_reps are claims still waiting. */
type AggregateEntryValue = WithNotNull<
  GeneratedComposite<'aggregate_entry'>,
  'name' | 'gender' | 'referral_count' | 'is_own' | 'ranked'
>;
type AggregatePageValue = Omit<
  WithNotNull<
    GeneratedComposite<'aggregate_page'>,
    'challenge_id' | 'gender' | 'time_zone' | 'today' | 'results_hidden' | 'participant_count'
  >,
  'counts' | 'entries' | 'own_entry'
> & {
  counts: GenderCounts;
  entries: AggregateEntryValue[];
  own_entry: AggregateEntryValue | null;
};

/** daily_attempt_status() (20261128100000_daily_attempt_status.sql) fills every field. */
type DailyAttemptStatusValue = WithNotNull<
  GeneratedComposite<'daily_attempt_status'>,
  'taken' | 'time_zone' | 'day_ends_at'
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
  public: Omit<GeneratedPublic, 'Tables' | 'Views' | 'Functions' | 'CompositeTypes'> & {
    Tables: Omit<GeneratedPublic['Tables'], 'challenges'> & {
      challenges: Omit<GeneratedTable<'challenges'>, 'Insert'> & { Insert: ChallengeInsert };
    };
    Views: Omit<GeneratedPublic['Views'], 'leaderboard_entries'> & {
      leaderboard_entries: Omit<GeneratedView<'leaderboard_entries'>, 'Row'> & {
        Row: LeaderboardEntryRow;
      };
    };
    Functions: Omit<
      GeneratedPublic['Functions'],
      'challenge_leaderboard' | 'challenge_leaderboard_aggregate' | 'daily_attempt_status'
    > & {
      daily_attempt_status: Omit<GeneratedFunction<'daily_attempt_status'>, 'Returns'> & {
        Returns: DailyAttemptStatusValue;
      };
      challenge_leaderboard: Omit<GeneratedFunction<'challenge_leaderboard'>, 'Returns'> & {
        Returns: LeaderboardPageValue;
      };
      challenge_leaderboard_aggregate: Omit<
        GeneratedFunction<'challenge_leaderboard_aggregate'>,
        'Returns'
      > & { Returns: AggregatePageValue };
    };
    CompositeTypes: Omit<
      GeneratedPublic['CompositeTypes'],
      | 'leaderboard_gender_counts'
      | 'leaderboard_entry'
      | 'leaderboard_page'
      | 'aggregate_entry'
      | 'aggregate_page'
      | 'daily_attempt_status'
    > & {
      leaderboard_gender_counts: GenderCounts;
      leaderboard_entry: LeaderboardEntryValue;
      leaderboard_page: LeaderboardPageValue;
      aggregate_entry: AggregateEntryValue;
      aggregate_page: AggregatePageValue;
      daily_attempt_status: DailyAttemptStatusValue;
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
/** A value of a composite type, as a function answers it, e.g. `Composite<'leaderboard_page'>`. */
export type Composite<Name extends keyof PublicSchema['CompositeTypes']> =
  PublicSchema['CompositeTypes'][Name];
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
