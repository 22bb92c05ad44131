CREATE TABLE "scan_days" (
	"employer_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"day" date NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"scan_count" integer NOT NULL,
	"summary" text NOT NULL,
	CONSTRAINT "scan_days_employee_id_day_pk" PRIMARY KEY("employee_id","day")
);
--> statement-breakpoint
ALTER TABLE "scan_days" ADD CONSTRAINT "scan_days_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_days" ADD CONSTRAINT "scan_days_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scan_days_employer_day_idx" ON "scan_days" USING btree ("employer_id","day");--> statement-breakpoint
-- The scanned days are kept by the database, so that every way a scan is written (the devices'
-- batches, the demo, the tests' factories, a card's earlier scans given to its new holder, deletions)
-- keeps them, and in the same transaction. A day is the scan's date in the employer's zone.
--
-- `summary`: the day as the scanned-days read sends it, written whenever the row is.
CREATE FUNCTION "scan_days_summary"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text;
BEGIN
  SELECT "time_zone" INTO zone FROM "employers" WHERE "id" = NEW."employer_id";
  NEW."summary" := NEW."employee_id"::text || ',' || to_char(NEW."first_at" AT TIME ZONE zone, 'HH24:MI:SS') || ','
    || to_char(NEW."last_at" AT TIME ZONE zone, 'HH24:MI:SS') || ',' || NEW."scan_count"::text;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "scan_days_summary" BEFORE INSERT OR UPDATE ON "scan_days"
  FOR EACH ROW EXECUTE FUNCTION "scan_days_summary"();
--> statement-breakpoint
-- New scans are added to their days: earliest, latest, count. Safe beside other writers of the same
-- days: the upsert adds to the row as committed.
CREATE FUNCTION "scan_days_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "scan_days" AS d ("employer_id", "employee_id", "day", "first_at", "last_at", "scan_count", "summary")
  SELECT a."employer_id", a."employee_id", (a."scanned_at" AT TIME ZONE e."time_zone")::date,
    min(a."scanned_at"), max(a."scanned_at"), count(*)::int, ''
  FROM "added_scans" a JOIN "employers" e ON e."id" = a."employer_id"
  WHERE a."employee_id" IS NOT NULL
  GROUP BY 1, 2, 3
  ORDER BY 2, 3
  ON CONFLICT ("employee_id", "day") DO UPDATE SET
    "first_at" = least(d."first_at", excluded."first_at"),
    "last_at" = greatest(d."last_at", excluded."last_at"),
    "scan_count" = d."scan_count" + excluded."scan_count";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "scan_days_after_insert" AFTER INSERT ON "scans"
  REFERENCING NEW TABLE AS "added_scans"
  FOR EACH STATEMENT EXECUTE FUNCTION "scan_days_after_insert"();
--> statement-breakpoint
-- Days counted again from their scans (after scans were changed or deleted, or a zone changed). The
-- employers' rows are locked first (FOR UPDATE): a scan insert holds a key-share lock on its
-- employer's row from its foreign-key check until it commits, so this waits for the inserts under
-- way and holds back the next ones, and the count below sees every committed scan and no half.
CREATE FUNCTION "scan_days_recount"(employee_ids integer[], days date[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "employers" e
  WHERE e."id" IN (SELECT w."employer_id" FROM "employees" w WHERE w."id" = ANY(employee_ids))
  ORDER BY e."id" FOR UPDATE;
  DELETE FROM "scan_days" d USING unnest(employee_ids, days) AS k("employee_id", "day")
  WHERE d."employee_id" = k."employee_id" AND d."day" = k."day";
  INSERT INTO "scan_days" ("employer_id", "employee_id", "day", "first_at", "last_at", "scan_count", "summary")
  SELECT w."employer_id", k."employee_id", k."day", min(s."scanned_at"), max(s."scanned_at"), count(*)::int, ''
  FROM (SELECT DISTINCT u."employee_id", u."day" FROM unnest(employee_ids, days) AS u("employee_id", "day")) k
  JOIN "employees" w ON w."id" = k."employee_id"
  JOIN "employers" e ON e."id" = w."employer_id"
  JOIN "scans" s ON s."employee_id" = k."employee_id"
    AND s."scanned_at" >= (k."day"::timestamp AT TIME ZONE e."time_zone")
    AND s."scanned_at" < ((k."day" + 1)::timestamp AT TIME ZONE e."time_zone")
  GROUP BY w."employer_id", k."employee_id", k."day";
END $$;
--> statement-breakpoint
-- Changed scans (a card's earlier unknown scans given to its new holder): their old and new days.
CREATE FUNCTION "scan_days_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  employee_ids integer[];
  days date[];
BEGIN
  SELECT array_agg(c."employee_id"), array_agg(c."day") INTO employee_ids, days
  FROM (
    SELECT r."employee_id", (r."scanned_at" AT TIME ZONE e."time_zone")::date AS "day"
    FROM "removed_scans" r JOIN "employers" e ON e."id" = r."employer_id" WHERE r."employee_id" IS NOT NULL
    UNION
    SELECT a."employee_id", (a."scanned_at" AT TIME ZONE e."time_zone")::date
    FROM "added_scans" a JOIN "employers" e ON e."id" = a."employer_id" WHERE a."employee_id" IS NOT NULL
  ) c;
  IF employee_ids IS NOT NULL THEN
    PERFORM "scan_days_recount"(employee_ids, days);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "scan_days_after_update" AFTER UPDATE ON "scans"
  REFERENCING OLD TABLE AS "removed_scans" NEW TABLE AS "added_scans"
  FOR EACH STATEMENT EXECUTE FUNCTION "scan_days_after_update"();
--> statement-breakpoint
-- Deleted scans: their days, unless the employee went with them (its days go by the foreign key).
CREATE FUNCTION "scan_days_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  employee_ids integer[];
  days date[];
BEGIN
  SELECT array_agg(c."employee_id"), array_agg(c."day") INTO employee_ids, days
  FROM (
    SELECT DISTINCT r."employee_id", (r."scanned_at" AT TIME ZONE e."time_zone")::date AS "day"
    FROM "removed_scans" r
    JOIN "employees" w ON w."id" = r."employee_id"
    JOIN "employers" e ON e."id" = w."employer_id"
  ) c;
  IF employee_ids IS NOT NULL THEN
    PERFORM "scan_days_recount"(employee_ids, days);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "scan_days_after_delete" AFTER DELETE ON "scans"
  REFERENCING OLD TABLE AS "removed_scans"
  FOR EACH STATEMENT EXECUTE FUNCTION "scan_days_after_delete"();
--> statement-breakpoint
-- An employer's zone changed: its days are counted again in the new zone. The row is locked FOR
-- UPDATE first, which waits for the scan inserts under way (see scan_days_recount).
CREATE FUNCTION "scan_days_after_zone_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "employers" WHERE "id" = NEW."id" FOR UPDATE;
  DELETE FROM "scan_days" WHERE "employer_id" = NEW."id";
  INSERT INTO "scan_days" ("employer_id", "employee_id", "day", "first_at", "last_at", "scan_count", "summary")
  SELECT s."employer_id", s."employee_id", (s."scanned_at" AT TIME ZONE NEW."time_zone")::date,
    min(s."scanned_at"), max(s."scanned_at"), count(*)::int, ''
  FROM "scans" s
  WHERE s."employer_id" = NEW."id" AND s."employee_id" IS NOT NULL
  GROUP BY 1, 2, 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "scan_days_after_zone_change" AFTER UPDATE OF "time_zone" ON "employers"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone")
  EXECUTE FUNCTION "scan_days_after_zone_change"();
--> statement-breakpoint
-- The days of the scans stored before this migration.
INSERT INTO "scan_days" ("employer_id", "employee_id", "day", "first_at", "last_at", "scan_count", "summary")
SELECT s."employer_id", s."employee_id", (s."scanned_at" AT TIME ZONE e."time_zone")::date,
  min(s."scanned_at"), max(s."scanned_at"), count(*)::int, ''
FROM "scans" s JOIN "employers" e ON e."id" = s."employer_id"
WHERE s."employee_id" IS NOT NULL
GROUP BY 1, 2, 3;
