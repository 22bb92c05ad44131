import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers/app';
import { randomEmail } from '../../../test/helpers/factories';
import { readOutbox } from '../../../test/helpers/outbox';
import { contactMessages } from '../../db/schema';

describe('POST /contact', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  const send = (payload: object, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/contact', payload, remoteAddress });
  const mailsToAdmin = async () =>
    (await readOutbox(ctx.config.mailOutboxDir)).filter((mail) => mail.to === ctx.config.admin.email);

  it('stores the message and mails it to the platform admin with the sender to reply to', async () => {
    const email = randomEmail('visitor');

    const res = await send({ name: 'Arta Hoxha', email, message: 'Do you support RFID readers?' });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Status: true, message: 'Your message has been sent!' });
    const stored = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toEqual([
      expect.objectContaining({ name: 'Arta Hoxha', message: 'Do you support RFID readers?', readAt: null }),
    ]);
    const mail = (await mailsToAdmin()).find((m) => m.text.includes(email));
    expect(mail?.to).toBe('admin@puna.test');
    expect(mail?.subject).toContain('Arta Hoxha');
    expect(mail?.text).toContain(`Arta Hoxha <${email}>`);
    expect(mail?.text).toContain('Do you support RFID readers?');
  });

  it('escapes HTML from the sender in the mailed copy', async () => {
    const email = randomEmail('visitor');

    await send({ name: '<b>Mallory</b>', email, message: '<script>alert(1)</script>' }, '192.0.2.10');

    const mail = (await mailsToAdmin()).find((m) => m.text.includes(email));
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<b>Mallory');
    expect(mail?.html).toContain('&#60;script&#62;');
  });

  it.each([
    ['the name is missing', { name: undefined }],
    ['the name is blank', { name: '  ' }],
    ['the e-mail is missing', { email: undefined }],
    ['the e-mail is not an e-mail', { email: 'nobody' }],
    ['the message is missing', { message: undefined }],
    ['the message is too long', { message: 'x'.repeat(5001) }],
    ['the message is not a string', { message: ['hello'] }],
    ['an unknown field is sent', { phone: '+355' }],
  ])('refuses a message when %s and stores nothing', async (_case, change) => {
    const rowsBefore = await ctx.database.db.$count(contactMessages);
    const mailsBefore = (await readOutbox(ctx.config.mailOutboxDir)).length;

    const res = await send({ name: 'Valid Name', email: randomEmail(), message: 'Valid message', ...change });

    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Status: false, Error: expect.any(String) });
    expect(await ctx.database.db.$count(contactMessages)).toBe(rowsBefore);
    expect(await readOutbox(ctx.config.mailOutboxDir)).toHaveLength(mailsBefore);
  });

  it('accepts five messages an hour from one address and refuses the sixth', async () => {
    const ip = '203.0.113.7';
    const message = () => ({ name: 'Busy Sender', email: randomEmail(), message: 'Hello again' });
    for (let i = 0; i < 5; i++) expect((await send(message(), ip)).statusCode).toBe(201);
    const rowsBefore = await ctx.database.db.$count(contactMessages);

    const refused = await send(message(), ip);
    const otherAddress = await send(message(), '203.0.113.8');

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      Status: false,
      Error: expect.stringMatching(/^Too many messages from your network\. Please try again in \d+ minutes?\.$/),
      code: 'tooManyContactMessages',
    });
    expect(otherAddress.statusCode).toBe(201);
    expect(await ctx.database.db.$count(contactMessages)).toBe(rowsBefore + 1);
  });
});
