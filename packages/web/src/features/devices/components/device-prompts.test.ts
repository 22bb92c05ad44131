import { describe, expect, it } from 'vitest';
import { type Ask, askNewName, askWifi } from './device-prompts';

/** A prompt that gives the listed answers in turn and records what it was asked. */
function answers(...replies: (string | null)[]) {
  const asked: { message: string; defaultValue: string | undefined }[] = [];
  const ask: Ask = (message, defaultValue) => {
    asked.push({ message, defaultValue });
    return replies.shift() ?? null;
  };
  return { ask, asked };
}

const wifiMessages = { ssid: 'SSID?', password: 'Password?' };

describe('askNewName', () => {
  it('offers the current name and returns the new one, trimmed', () => {
    const { ask, asked } = answers('  Dalja  ');
    expect(askNewName(ask, 'Name?', 'Hyrja')).toEqual({ name: 'Dalja' });
    expect(asked).toEqual([{ message: 'Name?', defaultValue: 'Hyrja' }]);
  });

  it('does nothing when cancelled, empty or unchanged', () => {
    expect(askNewName(answers(null).ask, 'Name?', 'Hyrja')).toBeNull();
    expect(askNewName(answers('   ').ask, 'Name?', 'Hyrja')).toBeNull();
    expect(askNewName(answers('Hyrja').ask, 'Name?', 'Hyrja')).toBeNull();
    expect(askNewName(answers(' Hyrja ').ask, 'Name?', 'Hyrja')).toBeNull();
  });
});

describe('askWifi', () => {
  it('asks for the SSID (offering the current one), then the password', () => {
    const { ask, asked } = answers(' Zyra-2 ', 'sekret 123');
    expect(askWifi(ask, wifiMessages, 'Zyra')).toEqual({ ssid: 'Zyra-2', password: 'sekret 123' });
    expect(asked).toEqual([
      { message: 'SSID?', defaultValue: 'Zyra' },
      { message: 'Password?', defaultValue: '' },
    ]);
  });

  it('does not ask for a password when the SSID is cancelled or empty', () => {
    const cancelled = answers(null, 'unused');
    expect(askWifi(cancelled.ask, wifiMessages, null)).toBeNull();
    expect(cancelled.asked).toHaveLength(1);
    expect(askWifi(answers('  ', 'x').ask, wifiMessages, null)).toBeNull();
  });

  it('does nothing when the password is cancelled or empty', () => {
    expect(askWifi(answers('Zyra', null).ask, wifiMessages, null)).toBeNull();
    expect(askWifi(answers('Zyra', '').ask, wifiMessages, null)).toBeNull();
  });
});
