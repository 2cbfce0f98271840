import type { Database } from '../db/database';
import type { PhotoType } from '../../domain/photos/check-out-photo';

export interface JobPhotoInfo {
  content_type: PhotoType;
  bytes: number;
  taken_at: Date;
  taken_by: string | null;
}

/** The check-out photos (057_job_photos.sql): one per job, bytes in the database. */
export function jobPhotosRepository(db: Database) {
  return {
    async save(orderId: number, photo: { contentType: PhotoType; bytes: Buffer; at: Date; by: number }): Promise<void> {
      await db.query(
        `INSERT INTO job_photos (order_id, content_type, bytes, taken_at, taken_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (order_id) DO NOTHING`,
        [orderId, photo.contentType, photo.bytes, photo.at, photo.by],
      );
    },

    /** The photos' descriptions (no bytes), by order id. */
    async describe(orderIds: number[]): Promise<Map<number, JobPhotoInfo>> {
      const rows = await db.query<JobPhotoInfo & { order_id: number }>(
        `SELECT p.order_id, p.content_type, octet_length(p.bytes) AS bytes, p.taken_at, u.name AS taken_by
           FROM job_photos p LEFT JOIN users u ON u.id = p.taken_by
          WHERE p.order_id = ANY($1::integer[])`,
        [orderIds],
      );
      return new Map(rows.map(({ order_id, ...info }) => [order_id, { ...info, bytes: Number(info.bytes) }]));
    },

    async find(orderId: number): Promise<{ content_type: PhotoType; bytes: Buffer } | null> {
      const [row] = await db.query<{ content_type: PhotoType; bytes: Buffer | Uint8Array }>('SELECT content_type, bytes FROM job_photos WHERE order_id = $1', [orderId]);
      return row ? { content_type: row.content_type, bytes: Buffer.from(row.bytes) } : null;
    },

    /** Erasure: the photos taken in the customer's homes. */
    async deleteForCustomer(userId: number): Promise<void> {
      await db.query('DELETE FROM job_photos WHERE order_id IN (SELECT id FROM orders WHERE user_id = $1)', [userId]);
    },
  };
}
