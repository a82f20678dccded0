-- orders issued before 0006 get their tickets' state, and their seat holds the
-- passenger who holds them (a refund frees a passenger's own seat: train/repositories/aftersales.ts).
UPDATE "train_order_passengers" AS p SET "ticket_state" = 'issued'
FROM "train_orders" AS o
WHERE p."order_id" = o."id" AND o."status" = 'issued' AND p."ticket_no" IS NOT NULL AND p."ticket_state" = 'unissued';
--> statement-breakpoint
UPDATE "train_seat_holds" AS h SET "passenger_id" = p."id"
FROM "train_order_passengers" AS p
WHERE h."order_id" = p."order_id" AND h."seat_index" = p."seat_index" AND h."passenger_id" IS NULL AND h."change_id" IS NULL;
