import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from '../support/axe';
import { localeText } from '../support/locale';
import { employerIdOf, openNewEmployer, setPlan } from '../support/workspace';

/** Issue 34 (6): the add-employee form has the card field the edit form has (Premium). */
const form = (key: string) => localeText(`employees.form.${key}`, { feature: 'employees' });

async function openAddForm(page: Page) {
  await page.getByRole('button', { name: localeText('employees.add', { feature: 'employees' }) }).click();
  const dialog = page.getByRole('dialog', { name: form('addTitle') });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function cardsByName(page: Page): Promise<Record<string, string | null>> {
  const list = (await (await page.request.get('/krye/employee')).json()) as {
    Result: { name: string; rfid: string | null }[];
  };
  return Object.fromEntries(list.Result.map((row) => [row.name, row.rfid]));
}

for (const screen of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`the add form at ${screen.width} px`, () => {
    test.use({ viewport: screen });

    test('adds an employee with a card, and refuses a card another employee holds', async ({ page, request }) => {
      await openNewEmployer(page, request);
      await setPlan(request, await employerIdOf(page), 'premium');
      await page.goto('/kryepuntor/employee');

      let dialog = await openAddForm(page);
      await dialog.getByLabel(form('name')).fill('Arta Kartela');
      await dialog.getByLabel(form('salary')).fill('4');
      await dialog.getByLabel(form('role')).selectOption('Punëtor');
      await dialog.getByLabel(form('card')).fill('04a1b2c3');
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: form('add'), exact: true }).click();
      await expect(dialog).toBeHidden();
      expect((await cardsByName(page))['Arta Kartela']).toBe('04A1B2C3');

      dialog = await openAddForm(page);
      await dialog.getByLabel(form('name')).fill('Besnik Dyfish');
      await dialog.getByLabel(form('salary')).fill('4');
      await dialog.getByLabel(form('role')).selectOption('Punëtor');
      await dialog.getByLabel(form('card')).fill('04A1B2C3');
      await dialog.getByRole('button', { name: form('add'), exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(localeText('errors.cardTaken', { errors: true }));
      await expect(dialog).toBeVisible();
      expect(Object.keys(await cardsByName(page))).not.toContain('Besnik Dyfish');
    });
  });
}
