import { describe, expect, it } from 'vitest';
import { messageCode, messages } from './messages';
import {
  base64DecodedLength,
  distanceMetres,
  effectivePhoneClock,
  isJpeg,
  LOCATION_ADDRESS_MAX,
  LOCATION_NAME_MAX,
  LOCATION_RADIUS_MAX,
  LOCATION_RADIUS_MIN,
  nearestWorkplace,
  PHOTO_RETENTION_MAX_DAYS,
  PUNCH_PHOTO_MAX_BYTES,
  photoProblem,
  punchFlags,
  punchTimeProblem,
  scanOrigin,
  ZEmployeePhoneClock,
  ZLocationInput,
  ZPhoneClockSettings,
  ZPunchBody,
  ZPunchQuery,
} from './phone-clock';

const tirana = { lat: 41.3275, lng: 19.8187 };
const durres = { lat: 41.3231, lng: 19.4414 };

describe('distanceMetres', () => {
  it('is zero for a point and itself, and the same both ways', () => {
    expect(distanceMetres(tirana, tirana)).toBe(0);
    expect(distanceMetres(tirana, durres)).toBeCloseTo(distanceMetres(durres, tirana), 6);
  });

  it('measures Tirana to Durrës at about 31.6 km', () => {
    expect(distanceMetres(tirana, durres)).toBeGreaterThan(31_400);
    expect(distanceMetres(tirana, durres)).toBeLessThan(31_800);
  });

  it('measures a thousandth of a degree of latitude at about 111 m', () => {
    expect(distanceMetres(tirana, { lat: tirana.lat + 0.001, lng: tirana.lng })).toBeCloseTo(111.2, 0);
  });

  it('measures half the earth around at about 20,015 km', () => {
    expect(distanceMetres({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(20_015_115, -3);
  });
});

describe('nearestWorkplace', () => {
  const shop = { id: 1, name: 'Shop', ...tirana, radius_m: 100 };
  const site = { id: 2, name: 'Site', lat: tirana.lat + 0.002, lng: tirana.lng, radius_m: 500 };

  it('is null without workplaces', () => {
    expect(nearestWorkplace(tirana, [])).toBeNull();
  });

  it('picks the circle the point is in, with the nearest centre', () => {
    // 0.0005° north of the shop: in both circles, nearer the shop's centre.
    const point = { lat: tirana.lat + 0.0005, lng: tirana.lng };
    expect(nearestWorkplace(point, [site, shop])).toMatchObject({ workplace: shop, inside: true, distance_m: 56 });
  });

  it('prefers a circle that holds the point over a nearer centre whose circle does not', () => {
    // 0.0011° north: 122 m from the shop (radius 100, outside), 100 m from the site (inside).
    const point = { lat: tirana.lat + 0.0011, lng: tirana.lng };
    expect(nearestWorkplace(point, [shop, site])).toMatchObject({ workplace: site, inside: true });
    // 300 m south of the shop and outside both: the nearest, the shop.
    const away = { lat: tirana.lat - 0.0027, lng: tirana.lng };
    const nearest = nearestWorkplace(away, [site, shop]);
    expect(nearest).toMatchObject({ workplace: shop, inside: false });
    expect(nearest?.distance_m).toBe(Math.round(distanceMetres(away, shop)));
  });

  it("counts the circle's edge as inside", () => {
    const edge = { lat: tirana.lat + 100 / 111_195, lng: tirana.lng };
    expect(nearestWorkplace(edge, [{ ...shop, radius_m: Math.ceil(distanceMetres(edge, shop)) }])?.inside).toBe(true);
  });
});

describe('punchFlags', () => {
  const received = new Date('2026-11-28T08:00:00Z');
  const at = (iso: string) => new Date(iso);

  it('has none for a punch inside, accurate and on time', () => {
    expect(
      punchFlags({ inside: true, accuracy: 20, takenAt: at('2026-11-28T07:59:58Z'), receivedAt: received }),
    ).toEqual([]);
  });

  it('flags outside, poor accuracy over 100 m, and late after 5 minutes', () => {
    expect(
      punchFlags({ inside: false, accuracy: 100.5, takenAt: at('2026-11-28T07:54:59Z'), receivedAt: received }),
    ).toEqual(['outside', 'poor_accuracy', 'late']);
    expect(
      punchFlags({ inside: true, accuracy: 100, takenAt: at('2026-11-28T07:55:00Z'), receivedAt: received }),
    ).toEqual([]);
  });

  it('flags a punch taken more than 2 minutes ahead of the server as clock skew', () => {
    expect(
      punchFlags({ inside: true, accuracy: 5, takenAt: at('2026-11-28T08:02:00Z'), receivedAt: received }),
    ).toEqual([]);
    expect(
      punchFlags({ inside: true, accuracy: 5, takenAt: at('2026-11-28T08:02:01Z'), receivedAt: received }),
    ).toEqual(['clock_skew']);
  });
});

describe('punchTimeProblem', () => {
  const now = new Date('2026-11-28T08:00:00Z');
  it('refuses more than 5 minutes ahead and more than 7 days back', () => {
    expect(punchTimeProblem(new Date('2026-11-28T08:05:00Z'), now)).toBeNull();
    expect(punchTimeProblem(new Date('2026-11-28T08:05:01Z'), now)).toBe('future');
    expect(punchTimeProblem(new Date('2026-11-21T08:00:00Z'), now)).toBeNull();
    expect(punchTimeProblem(new Date('2026-11-21T07:59:59Z'), now)).toBe('too_old');
  });
});

describe('effectivePhoneClock', () => {
  const employer = { phone_punches: false, phone_outside: 'refuse', phone_photo_required: true } as const;
  it('takes each override that is set, else the employer setting', () => {
    expect(
      effectivePhoneClock(employer, { phone_punches: null, phone_outside: null, phone_photo_required: null }),
    ).toEqual(employer);
    expect(
      effectivePhoneClock(employer, { phone_punches: true, phone_outside: 'flag', phone_photo_required: false }),
    ).toEqual({ phone_punches: true, phone_outside: 'flag', phone_photo_required: false });
    expect(effectivePhoneClock(employer, { phone_punches: true })).toEqual({ ...employer, phone_punches: true });
  });
});

describe('scanOrigin', () => {
  it("keeps a stored origin and derives an old row's from its device protocol", () => {
    expect(scanOrigin('phone', null)).toBe('phone');
    expect(scanOrigin('kiosk', 'puna')).toBe('kiosk');
    expect(scanOrigin(null, 'kiosk')).toBe('kiosk');
    expect(scanOrigin(null, 'zkteco')).toBe('clock');
    expect(scanOrigin(null, 'puna')).toBe('reader');
    expect(scanOrigin(null, null)).toBe('reader');
  });
});

describe('photos', () => {
  const jpeg = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    bytes.set([0xff, 0xd9], size - 2);
    return bytes;
  };
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

  it('knows a JPEG by its start and end markers', () => {
    expect(isJpeg(jpeg(100))).toBe(true);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(isJpeg(png)).toBe(false);
    const cut = jpeg(100).slice(0, 60);
    expect(isJpeg(cut)).toBe(false);
  });

  it('counts decoded bytes from the base64 text', () => {
    for (const size of [1, 2, 3, 4, 5, 1000]) expect(base64DecodedLength(base64(new Uint8Array(size)))).toBe(size);
  });

  it('allows a photo up to 200 KB, with or without a data-URL prefix', () => {
    expect(photoProblem(base64(jpeg(PUNCH_PHOTO_MAX_BYTES)))).toBeNull();
    expect(photoProblem(`data:image/jpeg;base64,${base64(jpeg(1000))}`)).toBeNull();
    expect(photoProblem(base64(jpeg(PUNCH_PHOTO_MAX_BYTES + 1)))).toBe('too_big');
    expect(photoProblem('x'.repeat(2_000_000))).toBe('too_big');
    expect(photoProblem('not base64!')).toBe('not_jpeg');
  });
});

describe('schemas', () => {
  const codes = (result: { error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((issue) => messageCode(issue.message));

  it('reads a workplace, its address optional', () => {
    const ok = ZLocationInput.parse({ name: ' Shop ', lat: 41.3, lng: 19.8, radius_m: 100 });
    expect(ok).toEqual({ name: 'Shop', lat: 41.3, lng: 19.8, radius_m: 100, address: null });
    expect(ZLocationInput.parse({ name: 'S', lat: 0, lng: 0, radius_m: 25, address: ' Rr. 1 ' }).address).toBe('Rr. 1');
    expect(
      codes(
        ZLocationInput.safeParse({
          name: '',
          lat: 91,
          lng: -181,
          radius_m: LOCATION_RADIUS_MIN - 1,
          address: 'x'.repeat(LOCATION_ADDRESS_MAX + 1),
        }),
      ),
    ).toEqual([
      'locationNameRequired',
      'latitudeInvalid',
      'longitudeInvalid',
      'locationRadiusInvalid',
      'locationAddressTooLong',
    ]);
    expect(
      codes(
        ZLocationInput.safeParse({
          name: 'x'.repeat(LOCATION_NAME_MAX + 1),
          lat: 0,
          lng: 0,
          radius_m: LOCATION_RADIUS_MAX + 1,
        }),
      ),
    ).toEqual(['locationNameTooLong', 'locationRadiusInvalid']);
    expect(ZLocationInput.safeParse({ name: 'S', lat: 0, lng: 0, radius_m: 100, extra: 1 }).success).toBe(false);
  });

  it('reads the settings, each optional', () => {
    expect(ZPhoneClockSettings.parse({})).toEqual({});
    expect(ZPhoneClockSettings.parse({ phone_outside: 'flag', photo_retention_days: 30 })).toEqual({
      phone_outside: 'flag',
      photo_retention_days: 30,
    });
    expect(
      codes(ZPhoneClockSettings.safeParse({ phone_punches: 'yes', phone_outside: 'allow', photo_retention_days: 0 })),
    ).toEqual(['phoneClockFlagInvalid', 'phoneOutsideInvalid', 'photoRetentionInvalid']);
    expect(ZPhoneClockSettings.safeParse({ photo_retention_days: PHOTO_RETENTION_MAX_DAYS + 1 }).success).toBe(false);
    expect(ZEmployeePhoneClock.parse({ phone_punches: null, phone_outside: 'flag' })).toEqual({
      phone_punches: null,
      phone_outside: 'flag',
    });
    expect(codes(ZEmployeePhoneClock.safeParse({ phone_photo_required: 1 }))).toEqual(['phoneClockFlagInvalid']);
  });

  it('reads a punch', () => {
    const punch = {
      id: '3f2b8c1e-9d4a-4b6f-8e2a-1c3d5e7f9a0b',
      lat: 41.3,
      lng: 19.8,
      accuracy: 12.5,
      taken_at: '2026-11-28T08:00:00.000Z',
    };
    expect(ZPunchBody.parse(punch)).toEqual(punch);
    expect(ZPunchBody.parse({ ...punch, taken_at: '2026-11-28T09:00:00+01:00' }).taken_at).toBe(
      '2026-11-28T09:00:00+01:00',
    );
    expect(
      codes(ZPunchBody.safeParse({ id: 'abc', lat: 'x', lng: 200, accuracy: -1, taken_at: 'yesterday', photo: 5 })),
    ).toEqual([
      'punchIdInvalid',
      'latitudeInvalid',
      'longitudeInvalid',
      'punchAccuracyInvalid',
      'punchTakenAtInvalid',
      'punchPhotoNotJpeg',
    ]);
    // A UUID of another version is not a phone's punch id.
    expect(ZPunchBody.safeParse({ ...punch, id: '3f2b8c1e-9d4a-1b6f-8e2a-1c3d5e7f9a0b' }).success).toBe(false);
  });

  it('reads a review query', () => {
    expect(ZPunchQuery.parse({ employee_id: '7', date: '2026-11-28' })).toEqual({ employee_id: 7, date: '2026-11-28' });
    expect(codes(ZPunchQuery.safeParse({ employee_id: 'x', date: '2026-02-30' }))).toEqual([
      'punchEmployeeInvalid',
      'dateInvalid',
    ]);
  });

  it('names its limits in its sentences', () => {
    expect(messages.locationRadiusInvalid).toContain(`${LOCATION_RADIUS_MIN} to ${LOCATION_RADIUS_MAX}`);
    expect(messages.locationNameTooLong).toContain(String(LOCATION_NAME_MAX));
    expect(messages.photoRetentionInvalid).toContain(String(PHOTO_RETENTION_MAX_DAYS));
    expect(messages.punchPhotoTooBig).toContain(`${PUNCH_PHOTO_MAX_BYTES / 1024} KB`);
  });
});
