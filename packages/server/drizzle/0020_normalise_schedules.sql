-- Every stored schedule in the shape the API writes (issue 37): seven days, Monday first; an
-- unselected day with empty times; a selected one with two different times on the 15-minute steps.
-- Older rows held JSON text, '{}' or some days only; the readers parsed each with zod on every read.
-- `puna_normal_schedule` reads a stored value exactly as `parseStoredSchedule` (packages/domain/src/
-- schedule.ts) does: what it could not read becomes NULL, as it read. Idempotent: a test runs it again.
CREATE OR REPLACE FUNCTION "puna_normal_schedule"(stored jsonb) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  value jsonb := stored;
  text_value text;
  day_name text;
  day_value jsonb;
  start_time text;
  end_time text;
  result jsonb := '{}'::jsonb;
BEGIN
  IF value IS NULL OR jsonb_typeof(value) = 'null' THEN RETURN NULL; END IF;
  IF jsonb_typeof(value) = 'string' THEN
    text_value := value #>> '{}';
    -- JavaScript's trim(): blank text and 'null' are no schedule.
    IF btrim(text_value, E' \t\n\r\f\x0B' || U&'\00A0\1680\2000\2001\2002\2003\2004\2005\2006\2007\2008\2009\200A\2028\2029\202F\205F\3000\FEFF') IN ('', 'null') THEN RETURN NULL; END IF;
    BEGIN
      value := text_value::jsonb;
    EXCEPTION WHEN others THEN
      RETURN NULL;
    END;
    IF jsonb_typeof(value) = 'null' THEN RETURN NULL; END IF;
  END IF;
  IF jsonb_typeof(value) <> 'object' THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM jsonb_object_keys(value) AS k
    WHERE k NOT IN ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')) THEN
    RETURN NULL;
  END IF;
  FOREACH day_name IN ARRAY ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] LOOP
    day_value := value -> day_name;
    IF day_value IS NULL THEN
      result := result || jsonb_build_object(day_name, jsonb_build_object('selected', false, 'startTime', '', 'endTime', ''));
      CONTINUE;
    END IF;
    IF jsonb_typeof(day_value) <> 'object' OR coalesce(jsonb_typeof(day_value -> 'selected'), '') <> 'boolean' THEN
      RETURN NULL;
    END IF;
    -- A time may be left out (it is then empty) but, when given, must be text.
    IF day_value ? 'startTime' AND jsonb_typeof(day_value -> 'startTime') <> 'string' THEN RETURN NULL; END IF;
    IF day_value ? 'endTime' AND jsonb_typeof(day_value -> 'endTime') <> 'string' THEN RETURN NULL; END IF;
    IF (day_value ->> 'selected')::boolean THEN
      start_time := coalesce(day_value ->> 'startTime', '');
      end_time := coalesce(day_value ->> 'endTime', '');
      IF start_time !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' OR substr(start_time, 4, 2)::int % 15 <> 0
        OR end_time !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' OR substr(end_time, 4, 2)::int % 15 <> 0
        OR start_time = end_time THEN
        RETURN NULL;
      END IF;
      result := result || jsonb_build_object(day_name,
        jsonb_build_object('selected', true, 'startTime', start_time, 'endTime', end_time));
    ELSE
      result := result || jsonb_build_object(day_name, jsonb_build_object('selected', false, 'startTime', '', 'endTime', ''));
    END IF;
  END LOOP;
  RETURN result;
END $$;
--> statement-breakpoint
UPDATE "employees" SET "schedule" = "puna_normal_schedule"("schedule")
  WHERE "schedule" IS NOT NULL AND "schedule" IS DISTINCT FROM "puna_normal_schedule"("schedule");
--> statement-breakpoint
UPDATE "employee_schedules" SET "schedule" = "puna_normal_schedule"("schedule")
  WHERE "schedule" IS NOT NULL AND "schedule" IS DISTINCT FROM "puna_normal_schedule"("schedule");
--> statement-breakpoint
DROP FUNCTION "puna_normal_schedule"(jsonb);
