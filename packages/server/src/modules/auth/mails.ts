/** The account mails: each carries a code or tells the owner of an address what happened. */
import { escapeHtml, type Mail } from '../../plugins/mail';

function codeMail(to: string, subject: string, lead: string, code: string, tail: string): Mail {
  return {
    to,
    subject: `${subject}: ${code}`,
    text: `${lead} ${code}. ${tail}`,
    html: `<p>${escapeHtml(lead)}</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>${escapeHtml(tail)}</p>`,
  };
}

export function verificationMail(to: string, code: string): Mail {
  return codeMail(
    to,
    'Puna verification code',
    'Your Puna verification code is',
    code,
    'It is valid for 15 minutes.\n\nIf you did not sign up for Puna, ignore this e-mail.',
  );
}

export function passwordResetMail(to: string, code: string): Mail {
  return codeMail(
    to,
    'Puna password reset code',
    'Your code to set a new Puna password is',
    code,
    'It is valid for 30 minutes and can be used once. Every device signed in to your account will be signed out.\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.',
  );
}

export function emailChangeMail(to: string, code: string): Mail {
  return codeMail(
    to,
    'Puna e-mail change code',
    'Enter this code in Puna to make this address your login:',
    code,
    'It is valid for 30 minutes.\n\nIf you did not ask for it, ignore this e-mail.',
  );
}

/**
 * Sent to the old address when a change to another one is asked for. It does not name the new
 * address: whoever reads this mailbox need not learn where the login is going.
 */
export function emailChangeNoticeMail(to: string): Mail {
  const text = `Someone signed in to your Puna account asked to move its login to another e-mail address. The change happens only when the code sent there is entered.\n\nIf this was not you, change your password now.`;
  return { to, subject: 'Puna: a change of your login e-mail was requested', text, html: `<p>${escapeHtml(text)}</p>` };
}

/** A sign-up for an address that already has an account: its owner hears of it, nothing changes. */
export function existingAccountMail(to: string): Mail {
  const text =
    'Someone tried to create a Puna account with this e-mail address, which already has one. Nothing was changed.\n\nTo get in, log in, or use "Forgot password?" on the login page.\n\nIf this was not you, ignore this e-mail.';
  return { to, subject: 'Puna: this address already has an account', text, html: `<p>${escapeHtml(text)}</p>` };
}

/** The owner of a worker login's address signed up: the code creates their company and frees the address. */
export function claimMail(to: string, code: string, newCompany: string, workerCompany: string): Mail {
  const lead = `Someone signed up for Puna with this address to create the company "${newCompany}". This address is now the login of a worker at "${workerCompany}". If the sign-up was yours, enter this code on the sign-up page:`;
  const tail = `It is valid for 30 minutes. Entering it creates "${newCompany}" with the password given at sign-up and removes this address from the worker login at "${workerCompany}" (that company keeps the employee and its hours).\n\nIf you did not sign up, ignore this e-mail: nothing changes.`;
  return codeMail(to, 'Puna sign-up code', lead, code, tail);
}

/** Tells an employer that its worker's login address was claimed by the address's owner. */
export function addressClaimedMail(to: string, address: string, employeeName: string): Mail {
  const text = `The owner of the address ${address} confirmed it by e-mail and now uses it for a Puna account of their own, so the worker login of ${employeeName || 'your employee'} with that address was removed. The employee, its hours and its scans stay; it has no login now.`;
  return {
    to,
    subject: 'Puna: a worker login address was claimed by its owner',
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}
