import { kysely } from '../db/kysely';
import type { Database } from '../db/database';
import type { PhotoType } from '../../domain/photos/check-out-photo';

/** A photo's description (no bytes); its type is one of PhotoType (the only ones `save` is given). */
export interface JobPhotoInfo {
  content_type: PhotoType;
  bytes: number;
  taken_at: Date;
  taken_by: string | null;
}

/** The check-out photos (057_job_photos.sql): one per job, bytes in the database. */
export function jobPhotosRepository(db: Database) {
  const k = kysely(db);
  return {
    async save(orderId: number, photo: { contentType: PhotoType; bytes: Buffer; at: Date; by: number }): Promise<void> {
      await k
        .insertInto('job_photos')
        .values({ order_id: orderId, content_type: photo.contentType, bytes: photo.bytes, taken_at: photo.at, taken_by: photo.by })
        .onConflict((oc) => oc.column('order_id').doNothing())
        .execute();
    },

    /** The photos' descriptions (no bytes), by order id. */
    async describe(orderIds: number[]): Promise<Map<number, JobPhotoInfo>> {
      const rows = await k
        .selectFrom('job_photos as p')
        .leftJoin('users as u', 'u.id', 'p.taken_by')
        .select((eb) => ['p.order_id', 'p.content_type', eb.fn<number>('octet_length', ['p.bytes']).as('bytes'), 'p.taken_at', 'u.name as taken_by'])
        .where((eb) => eb('p.order_id', '=', eb.fn.any(eb.val(orderIds))))
        .$narrowType<{ content_type: PhotoType }>()
        .execute();
      return new Map(rows.map(({ order_id, ...info }) => [order_id, { ...info, bytes: Number(info.bytes) }]));
    },

    async find(orderId: number): Promise<{ content_type: PhotoType; bytes: Buffer } | null> {
      const row = await k
        .selectFrom('job_photos')
        .select(['content_type', 'bytes'])
        .where('order_id', '=', orderId)
        .$narrowType<{ content_type: PhotoType }>()
        .executeTakeFirst();
      // PGlite answers bytea as a Uint8Array, pg as a Buffer.
      return row ? { content_type: row.content_type, bytes: Buffer.from(row.bytes) } : null;
    },

    /** Erasure: the photos taken in the customer's homes. */
    async deleteForCustomer(userId: number): Promise<void> {
      await k
        .deleteFrom('job_photos')
        .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('user_id', '=', userId))
        .execute();
    },
  };
}
