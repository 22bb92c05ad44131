import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scanPhotos } from '../../db/schema';
import { photoRetentionOf } from '../employer-settings/phone-clock';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The photo job (docs/operations.md#what-a-punch-stores): deletes each employer's punch photos
 * older than its retention (`photo_retention_days`, default 60). The punches stay, with their
 * position and flags; only the JPEG goes. Run by the photo job plugin; deleting twice is harmless,
 * so every process may run it.
 */
export async function deleteExpiredPhotos(db: Db, now: Date): Promise<{ deleted: number }> {
  const holders = await db.selectDistinct({ employerId: scanPhotos.employerId }).from(scanPhotos);
  const retention = await photoRetentionOf(
    db,
    holders.map((row) => row.employerId),
  );
  let deleted = 0;
  for (const [employerId, days] of retention) {
    const before = new Date(now.getTime() - days * DAY_MS);
    const rows = await db
      .delete(scanPhotos)
      .where(and(eq(scanPhotos.employerId, employerId), lt(scanPhotos.createdAt, before)))
      .returning({ id: scanPhotos.scanId });
    deleted += rows.length;
  }
  return { deleted };
}
