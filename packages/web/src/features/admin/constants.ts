// The admin area's constants and messages (spec 02 §2, §5, §8, §9). Spec strings are verbatim;
// the others are ours (docs/decisions.md, "Admin area"). What the app calls a challenge type, a
// gender filter or a sex is the challenge domain's (data/challenges/challenge-labels.ts).

/** Recent activity: the newest challenges and recordings (spec 02 §9: 3 + 5 = 8). */
export const RECENT_CHALLENGES = 3;
export const RECENT_RECORDINGS = 5;

/** Ages of recent activity (spec 02 §2). */
export const AGE_TEXT = {
  justNow: 'Just now',
  minutes: (count: number) => `${count}m ago`,
  hours: (count: number) => `${count}h ago`,
  days: (count: number) => `${count}d ago`,
} as const;

/** The most bars a valid-reps histogram shows; the bin width grows in 1-2-5 steps to fit. */
export const HISTOGRAM_MAX_BINS = 10;

export const DASHBOARD = {
  title: 'Admin Dashboard',
  totalChallenges: 'Total Challenges',
  activeChallenges: 'Active Challenges',
  totalRecordings: 'Total Recordings',
  participants: 'Participants',
  activeCount: (count: number) => `${count} active`,
  quickActions: 'Quick Actions',
  recentActivity: 'Recent Activity',
  newChallenge: 'New challenge created',
  submitted: (name: string) => `${name} submitted a recording`,
  noActivity: 'Nothing has happened yet.',
  profile: 'Profile',
} as const;

export const TABLE = {
  title: 'Manage Challenges',
  create: 'Create Challenge',
  columns: [
    'Challenge',
    'Status',
    'Visibility',
    'Type',
    'Hide Results',
    'Gender Filter',
    'Dates',
    'Participants',
    'Recordings',
    'Actions',
  ],
  empty: 'No challenges yet.',
  edit: 'Edit',
  analytics: 'Analytics',
  delete: 'Delete',
  deleteTitle: 'Delete challenge',
  deleteConfirm: (name: string) =>
    `Are you sure you want to delete "${name}"? This action cannot be undone.`,
  cancel: 'Cancel',
  notApplicable: '—',
} as const;

export const FLAG_LABELS = {
  is_active: { on: 'Active', off: 'Inactive' },
  is_hidden: { on: 'Hidden', off: 'Visible' },
  is_daily: { on: 'Daily', off: 'Single' },
  hide_results_until_finished: { on: 'Hidden', off: 'Visible' },
} as const;

export type ChallengeFlag = keyof typeof FLAG_LABELS;

/** Success and failure toasts of each flag (spec 02 §8). */
export const FLAG_TOASTS: Record<
  ChallengeFlag,
  { success: (value: boolean) => string; failure: string }
> = {
  is_active: {
    success: (on) => `Challenge ${on ? 'activated' : 'deactivated'} successfully`,
    failure: 'Failed to update challenge status',
  },
  is_hidden: {
    success: (hidden) => `Challenge ${hidden ? 'hidden' : 'made visible'} successfully`,
    failure: 'Failed to update challenge visibility',
  },
  is_daily: {
    success: (daily) =>
      `Challenge ${daily ? 'set to daily' : 'set to single submission'} successfully`,
    failure: 'Failed to update challenge daily setting',
  },
  hide_results_until_finished: {
    success: (hidden) => `Results ${hidden ? 'will be hidden' : 'will be visible'} on leaderboard`,
    failure: 'Failed to update hide results setting',
  },
};

export const ADMIN_TOASTS = {
  successTitle: 'Success!',
  errorTitle: 'Error',
  loadChallengesFailed: 'Failed to load challenges',
  deleted: 'Challenge deleted successfully',
  deleteFailed: 'Failed to delete challenge',
  loadDefinitionsFailed: 'Failed to load exercise definitions',
  loadChallengeFailed: 'Failed to load challenge',
  loadChallengeDetailsFailed: 'Failed to load challenge details',
  createFailed: 'Failed to create challenge',
  updateFailed: 'Failed to update challenge',
  created: 'Challenge created successfully',
  updated: 'Challenge updated successfully',
  loadRecordingsFailed: 'Failed to load recordings',
  loadAnalyticsFailed: 'Failed to load analytics data',
  /** Ours: the row was gone when the write reached the database. */
  goneMeanwhile: 'This challenge was deleted meanwhile (another tab or another admin).',
  notFound: 'This challenge does not exist (it may have been deleted).',
} as const;

export const FORM = {
  createTitle: 'Create Challenge',
  editTitle: 'Edit Challenge',
  back: 'Back to Challenges',
  save: 'Save Changes',
  create: 'Create Challenge',
  saving: 'Saving...',
  nameRequired: 'Challenge name is required',
  exerciseRequired: 'Exercise type is required',
  endBeforeStart: 'End date must be after start date',
  mustBeLoggedIn: 'You must be logged in to create challenges',
  slugRequired: 'Slug is required',
  slugFormat: 'Use lower-case letters, digits and single hyphens (for example spring-2027).',
  slugTaken: (slug: string) =>
    `The address /challenge/${slug} is taken by another challenge. Choose another slug.`,
  slugHintCreate: 'Leave empty to make one from the name.',
  invalidDate: 'Enter a complete date and time.',
  labels: {
    name: 'Challenge name',
    slug: 'Slug (address)',
    description: 'Description',
    exercise: 'Exercise type',
    exercisePlaceholder: 'Choose an exercise',
    startDate: 'Start date',
    endDate: 'End date',
    genderFilter: 'Gender filter',
    isActive: 'Active (takes recordings)',
    isHidden: 'Hidden from lists (reachable by its link)',
    isDaily: 'Daily (one submission a day; otherwise one in all)',
  },
} as const;

export const ANALYTICS = {
  titleSuffix: 'Analytics',
  back: 'Back to Challenges',
  exportCsv: 'Export CSV',
  tabs: {
    all: 'All Recordings',
    male: 'Male Leaderboard',
    female: 'Female Leaderboard',
  },
  stats: {
    recordings: 'Total Recordings',
    participants: 'Participants',
    averageValidReps: 'Average Valid Reps',
    topScore: 'Top Score',
  },
  charts: {
    perDay: 'Submissions per day',
    distribution: 'Distribution of valid reps',
    validVsInvalid: 'Valid vs invalid reps',
  },
  empty: 'No recordings yet.',
  noParticipants: (gender: string) => `No ${gender} participants yet`,
  columns: [
    'Rank',
    'Name',
    'Email',
    'Sex',
    'Valid',
    'Invalid',
    'Total',
    'Duration',
    'Date',
    'Verification',
  ],
} as const;

/** The CSV export's columns and file name (spec 02 §9), exactly. */
export const CSV_COLUMNS = [
  'Name',
  'Email',
  'Sex',
  'Valid Reps',
  'Invalid Reps',
  'Total Reps',
  'Duration',
  'Date',
] as const;
export const csvFileName = (challengeName: string) => `${challengeName}-recordings.csv`;
