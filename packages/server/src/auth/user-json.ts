// auth.users rows as Supabase Auth returns users (the User type of supabase-js).

export interface AuthUserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
}

export const USER_COLUMNS =
  'id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at, recovery_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at, banned_until, is_anonymous';

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

export function userJson(row: AuthUserRow): Record<string, unknown> {
  const email = row.email ?? '';
  const userMetadata = {
    ...(row.raw_user_meta_data ?? {}),
    email,
    email_verified: row.email_confirmed_at !== null,
    phone_verified: false,
    sub: row.id,
  };
  return {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email,
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(row.confirmation_sent_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    confirmed_at: iso(row.email_confirmed_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data ?? { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [
      {
        identity_id: row.id,
        id: row.id,
        user_id: row.id,
        identity_data: {
          email,
          email_verified: row.email_confirmed_at !== null,
          phone_verified: false,
          sub: row.id,
        },
        provider: 'email',
        last_sign_in_at: iso(row.last_sign_in_at),
        created_at: iso(row.created_at),
        updated_at: iso(row.updated_at),
        email,
      },
    ],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_anonymous: row.is_anonymous,
  };
}
