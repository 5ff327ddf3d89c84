-- Verification reads lockouts with the full pose model (issue 16's study, docs/decisions.md
-- "Verification model"): the lite model, which the browser counts with live, reads the elbow at
-- the top of clean side-view push-ups a median 4.5 degrees short of the full model at the same
-- frames and fails clean reps against the 160-degree rule (fixture 06: 0 of 4 clean lockouts, full
-- 4; 30: 0 of 2, full 2). Verified counts rank the leaderboard, so new challenges verify with full.
-- Existing challenges keep the model stored on them: a column an admin may have set is not
-- rewritten here; `reptemple rescore` re-verifies a challenge after its model is changed.
alter table public.challenges alter column verification_model set default 'full';
