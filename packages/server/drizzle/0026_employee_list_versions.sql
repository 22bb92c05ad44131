CREATE TABLE "employee_list_versions" (
	"employer_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "employee_list_versions" ADD CONSTRAINT "employee_list_versions_employer_id_employers_id_fk" FOREIGN KEY ("employer_id") REFERENCES "public"."employers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The employee list's version (employees/list-cache.ts): raised once per row written, at commit (a
-- deferred constraint trigger), so the version row is the last lock a writing transaction takes and
-- two of them cannot deadlock on it. A reader reads the version and the list in one statement, so
-- an answer is kept under the version it was read with. The employer's own deletion takes its
-- versions with it (the foreign key), and its employees' then find no employer to count for.
CREATE FUNCTION "employee_list_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  employer_ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'employees' THEN
    employer_ids := ARRAY[
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."employer_id" END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."employer_id" END];
  ELSE
    -- A worker's login (its e-mail is on the list): the employer of its employee.
    SELECT array_agg(e."employer_id") INTO employer_ids FROM "employees" e
    WHERE e."id" IN (
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD."employee_id" END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW."employee_id" END);
  END IF;
  INSERT INTO "employee_list_versions" AS v ("employer_id", "version")
  SELECT DISTINCT e."id", 1 FROM "employers" e WHERE e."id" = ANY(employer_ids) ORDER BY 1
  ON CONFLICT ("employer_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "employees_list_changed" AFTER INSERT OR UPDATE OR DELETE ON "employees"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "employee_list_changed"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "users_list_changed" AFTER INSERT OR DELETE OR UPDATE OF "email", "employee_id" ON "users"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "employee_list_changed"();
