/**
 * The account mails: each carries a code or tells the owner of an address what happened. Written in
 * the language of the request that asked for them (Albanian unless the app was in English, issue
 * 34); a notice to someone else (the employer whose worker's address was claimed) is Albanian.
 */
import { escapeHtml, type Mail, type MailLanguage, requestLanguage } from '../../plugins/mail';

type CodeTexts = { subject: string; lead: string; tail: string };

function codeMail(to: string, code: string, { subject, lead, tail }: CodeTexts): Mail {
  return {
    to,
    subject: `${subject}: ${code}`,
    text: `${lead} ${code}. ${tail}`,
    html: `<p>${escapeHtml(lead)}</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${escapeHtml(code)}</p><p>${escapeHtml(tail)}</p>`,
  };
}

function noticeMail(to: string, subject: string, text: string): Mail {
  return { to, subject, text, html: `<p>${escapeHtml(text)}</p>` };
}

const verificationTexts: Record<MailLanguage, CodeTexts> = {
  sq: {
    subject: 'Kodi i verifikimit për Puna',
    lead: 'Kodi juaj i verifikimit për Puna është',
    tail: 'Vlen 15 minuta.\n\nNëse nuk u regjistruat në Puna, mos ia vini re këtij email-i.',
  },
  en: {
    subject: 'Puna verification code',
    lead: 'Your Puna verification code is',
    tail: 'It is valid for 15 minutes.\n\nIf you did not sign up for Puna, ignore this e-mail.',
  },
};

export function verificationMail(to: string, code: string, language = requestLanguage()): Mail {
  return codeMail(to, code, verificationTexts[language]);
}

const passwordResetTexts: Record<MailLanguage, CodeTexts> = {
  sq: {
    subject: 'Kodi për fjalëkalimin e ri në Puna',
    lead: 'Kodi juaj për të vendosur një fjalëkalim të ri në Puna është',
    tail: 'Vlen 30 minuta dhe përdoret vetëm një herë. Çdo pajisje e kyçur në llogarinë tuaj do të dalë nga llogaria.\n\nNëse nuk e kërkuat ju, mos ia vini re këtij email-i: fjalëkalimi juaj mbetet siç është.',
  },
  en: {
    subject: 'Puna password reset code',
    lead: 'Your code to set a new Puna password is',
    tail: 'It is valid for 30 minutes and can be used once. Every device signed in to your account will be signed out.\n\nIf you did not ask for it, ignore this e-mail: your password stays as it is.',
  },
};

export function passwordResetMail(to: string, code: string, language = requestLanguage()): Mail {
  return codeMail(to, code, passwordResetTexts[language]);
}

const emailChangeTexts: Record<MailLanguage, CodeTexts> = {
  sq: {
    subject: 'Kodi për ndryshimin e email-it në Puna',
    lead: 'Shkruajeni këtë kod në Puna që kjo adresë të bëhet email-i juaj i hyrjes:',
    tail: 'Vlen 30 minuta.\n\nNëse nuk e kërkuat ju, mos ia vini re këtij email-i.',
  },
  en: {
    subject: 'Puna e-mail change code',
    lead: 'Enter this code in Puna to make this address your login:',
    tail: 'It is valid for 30 minutes.\n\nIf you did not ask for it, ignore this e-mail.',
  },
};

export function emailChangeMail(to: string, code: string, language = requestLanguage()): Mail {
  return codeMail(to, code, emailChangeTexts[language]);
}

/**
 * Sent to the old address when a change to another one is asked for. It does not name the new
 * address: whoever reads this mailbox need not learn where the login is going.
 */
export function emailChangeNoticeMail(to: string, language = requestLanguage()): Mail {
  return language === 'en'
    ? noticeMail(
        to,
        'Puna: a change of your login e-mail was requested',
        'Someone signed in to your Puna account asked to move its login to another e-mail address. The change happens only when the code sent there is entered.\n\nIf this was not you, change your password now.',
      )
    : noticeMail(
        to,
        'Puna: u kërkua ndryshimi i email-it tuaj të hyrjes',
        'Dikush i kyçur në llogarinë tuaj në Puna kërkoi ta kalojë hyrjen në një adresë tjetër email-i. Ndryshimi bëhet vetëm kur shkruhet kodi i dërguar atje.\n\nNëse nuk ishit ju, ndryshoni fjalëkalimin tani.',
      );
}

/** A sign-up for an address that already has an account: its owner hears of it, nothing changes. */
export function existingAccountMail(to: string, language = requestLanguage()): Mail {
  return language === 'en'
    ? noticeMail(
        to,
        'Puna: this address already has an account',
        'Someone tried to create a Puna account with this e-mail address, which already has one. Nothing was changed.\n\nTo get in, log in, or use "Forgot password?" on the login page.\n\nIf this was not you, ignore this e-mail.',
      )
    : noticeMail(
        to,
        'Puna: kjo adresë ka tashmë një llogari',
        'Dikush provoi të krijonte një llogari në Puna me këtë adresë email-i, që ka tashmë një llogari. Asgjë nuk ndryshoi.\n\nPër të hyrë, hyni në llogari, ose përdorni «Keni harruar fjalëkalimin?» te faqja e hyrjes.\n\nNëse nuk ishit ju, mos ia vini re këtij email-i.',
      );
}

/** The owner of a worker login's address signed up: the code creates their company and frees the address. */
export function claimMail(
  to: string,
  code: string,
  newCompany: string,
  workerCompany: string,
  language = requestLanguage(),
): Mail {
  if (language === 'en') {
    return codeMail(to, code, {
      subject: 'Puna sign-up code',
      lead: `Someone signed up for Puna with this address to create the company "${newCompany}". This address is now the login of a worker at "${workerCompany}". If the sign-up was yours, enter this code on the sign-up page:`,
      tail: `It is valid for 30 minutes. Entering it creates "${newCompany}" with the password given at sign-up and removes this address from the worker login at "${workerCompany}" (that company keeps the employee and its hours).\n\nIf you did not sign up, ignore this e-mail: nothing changes.`,
    });
  }
  return codeMail(to, code, {
    subject: 'Kodi i regjistrimit në Puna',
    lead: `Dikush u regjistrua në Puna me këtë adresë për të krijuar kompaninë "${newCompany}". Kjo adresë tani është hyrja e një punëtori te "${workerCompany}". Nëse regjistrimi ishte i juaji, shkruajeni këtë kod te faqja e regjistrimit:`,
    tail: `Vlen 30 minuta. Kodi krijon "${newCompany}" me fjalëkalimin e dhënë në regjistrim dhe e heq këtë adresë nga hyrja e punëtorit te "${workerCompany}" (ajo kompani e mban punëtorin dhe orët e tij).\n\nNëse nuk u regjistruat ju, mos ia vini re këtij email-i: asgjë nuk ndryshon.`,
  });
}

/**
 * Tells an employer that its worker's login address was claimed by the address's owner. The request
 * is the owner's, not the employer's, so its language says nothing of the employer's: Albanian.
 */
export function addressClaimedMail(
  to: string,
  address: string,
  employeeName: string,
  language: MailLanguage = 'sq',
): Mail {
  if (language === 'en') {
    return noticeMail(
      to,
      'Puna: a worker login address was claimed by its owner',
      `The owner of the address ${address} confirmed it by e-mail and now uses it for a Puna account of their own, so the worker login of ${employeeName || 'your employee'} with that address was removed. The employee, its hours and its scans stay; it has no login now.`,
    );
  }
  const worker = employeeName ? `punëtorit ${employeeName}` : 'punëtorit tuaj';
  return noticeMail(
    to,
    'Puna: adresa e hyrjes së një punëtori u mor nga pronari i saj',
    `Pronari i adresës ${address} e konfirmoi me email dhe tani e përdor për një llogari të vetën në Puna, ndaj hyrja e ${worker} me atë adresë u hoq. Punëtori, orët dhe skanimet e tij mbeten; tani nuk ka hyrje.`,
  );
}
