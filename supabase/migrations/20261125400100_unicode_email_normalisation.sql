-- E-mail addresses are one address whatever their Unicode case or compatibility form: 'ÜNI@x.test'
-- and 'üni@x.test' (and a full-width 'Ａ') used to be two waitlist entries, because lower() follows
-- the database's collation, and under the C locale it lowers ASCII letters only.
--
-- normalize_email now folds compatibility forms (NFKC), lowers with a Unicode-aware collation
-- chosen once here, and folds again (lowering can undo NFKC in rare cases). The auth service
-- normalises the same way before it stores an account's address, so the comparisons of
-- user_profiles and challenge_recordings with auth.jwt() ->> 'email' keep matching.

do $migration$
declare
  -- ICU's root locale where PostgreSQL has ICU (Supabase, Debian, the embedded server); else the
  -- builtin Unicode collation of PostgreSQL 17; else the database's own (Unicode-aware under any
  -- UTF-8 locale other than C).
  unicode_collation text := coalesce(
    (select quote_ident(collname) from pg_collation where collname = 'und-x-icu' limit 1),
    (select quote_ident(collname) from pg_collation where collname = 'pg_c_utf8' limit 1),
    '"default"'
  );
begin
  execute format(
    $fn$
    create or replace function reptemple_private.normalize_email(raw text) returns text
    language sql immutable
    set search_path = ''
    as $body$ select normalize(lower(normalize(btrim(raw), nfkc) collate %s), nfkc) $body$
    $fn$,
    unicode_collation
  );
end
$migration$;

-- Waitlist rows written before this change are normalised again. Where two rows now name one
-- address, the first sign-up is kept (a second sign-up of one address was always refused).
delete from public.waitlist later
using public.waitlist earlier
where reptemple_private.normalize_email(later.email) = reptemple_private.normalize_email(earlier.email)
  and (earlier.created_at, earlier.id) < (later.created_at, later.id);
update public.waitlist
set email = reptemple_private.normalize_email(email)
where email is distinct from reptemple_private.normalize_email(email);
