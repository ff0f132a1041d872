-- A product's own picture (products.media_id / image_url) is its gallery's first picture. Writes
-- that set it (adding or editing a product with one image, the spreadsheet import, the seed) put
-- the same picture at position 0 of product_images in their own statement, so the two never
-- disagree; a new picture there starts without alt texts. The gallery's own writes keep
-- products in step the other way and find position 0 already right (nothing to do).
CREATE FUNCTION "product_images_follow_product"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_images" ("product_id", "position", "media_id", "url")
  VALUES (NEW."id", 0, NEW."media_id", CASE WHEN NEW."media_id" IS NULL THEN NEW."image_url" END)
  ON CONFLICT ("product_id", "position") DO UPDATE
    SET "media_id" = EXCLUDED."media_id", "url" = EXCLUDED."url", "alt_en" = '', "alt_hi" = ''
    WHERE "product_images"."media_id" IS DISTINCT FROM EXCLUDED."media_id"
       OR "product_images"."url" IS DISTINCT FROM EXCLUDED."url";
  RETURN NULL;
END
$$;--> statement-breakpoint
-- New products: one set-based statement per INSERT (a bulk insert of 100,000 rows stays one query).
CREATE FUNCTION "product_images_follow_new_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "product_images" ("product_id", "position", "media_id", "url")
  SELECT "id", 0, "media_id", CASE WHEN "media_id" IS NULL THEN "image_url" END
  FROM "new_products"
  WHERE "media_id" IS NOT NULL OR coalesce("image_url", '') <> ''
  ON CONFLICT ("product_id", "position") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_picture_inserted" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_products"
  FOR EACH STATEMENT EXECUTE FUNCTION "product_images_follow_new_products"();--> statement-breakpoint
CREATE TRIGGER "products_picture_changed" AFTER UPDATE OF "media_id", "image_url" ON "products"
  FOR EACH ROW WHEN ((NEW."media_id" IS NOT NULL OR coalesce(NEW."image_url", '') <> '')
    AND (OLD."media_id" IS DISTINCT FROM NEW."media_id" OR OLD."image_url" IS DISTINCT FROM NEW."image_url"))
  EXECUTE FUNCTION "product_images_follow_product"();
