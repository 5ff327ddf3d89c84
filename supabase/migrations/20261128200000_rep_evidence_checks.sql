-- Each verified rep's checks (issue 24, "the number shown must be the number the rule used"): the
-- rules the analyser judged the rep by, as it judged them, in order: the rule, the value it
-- decided on (corrected, for a calibrated measurement) and the detector's reading it came from,
-- the threshold and its bound, whether it passed, the side and the frame (ms in the video). The
-- recording view says from them why a rep's verdict differs from the live count's, value against
-- value; bottom_angle and top_angle stay the driving angle's extremes (what counts the rep). Null
-- for verifications from before this column. Readable as the rest of the row is; written only by
-- the worker.
alter table public.recording_rep_evidence
  add column checks jsonb check (checks is null or jsonb_typeof(checks) = 'array');
