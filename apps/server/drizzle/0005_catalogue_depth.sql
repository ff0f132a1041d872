CREATE TABLE "attribute_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"label_en" text NOT NULL,
	"label_hi" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_import_changes" (
	"import_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"before" jsonb,
	CONSTRAINT "catalogue_import_changes_import_id_product_id_pk" PRIMARY KEY("import_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by" uuid,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"product_id" uuid NOT NULL,
	"value_id" uuid NOT NULL,
	CONSTRAINT "product_attributes_product_id_value_id_pk" PRIMARY KEY("product_id","value_id")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"media_id" uuid,
	"url" text,
	"alt_en" text DEFAULT '' NOT NULL,
	"alt_hi" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"term" text NOT NULL,
	"meaning" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_order_quantity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "request_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "catalogue_import_changes" ADD CONSTRAINT "catalogue_import_changes_import_id_catalogue_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."catalogue_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_value_id_attribute_values_id_fk" FOREIGN KEY ("value_id") REFERENCES "public"."attribute_values"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attribute_values_kind_slug_key" ON "attribute_values" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "attribute_values_kind_idx" ON "attribute_values" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "catalogue_imports_created_idx" ON "catalogue_imports" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_attributes_value_idx" ON "product_attributes" USING btree ("value_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_images_product_position_key" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_images_media_idx" ON "product_images" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "search_synonyms_term_key" ON "search_synonyms" USING btree ("term");--> statement-breakpoint
CREATE INDEX "products_tags_idx" ON "products" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "products_request_count_idx" ON "products" USING btree ("request_count" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Every existing product's one picture becomes the first of its gallery.
INSERT INTO "product_images" ("product_id", "position", "media_id", "url")
SELECT "id", 0, "media_id", CASE WHEN "media_id" IS NULL THEN "image_url" END
FROM "products" WHERE "media_id" IS NOT NULL OR ("image_url" IS NOT NULL AND "image_url" <> '');--> statement-breakpoint
-- "Most requested" counts the price requests already made.
UPDATE "products" p SET "request_count" = c.n
FROM (SELECT "product_id", count(DISTINCT "order_id")::int AS n FROM "order_items" WHERE "product_id" IS NOT NULL GROUP BY "product_id") c
WHERE c."product_id" = p."id";--> statement-breakpoint
-- The lists a buyer filters by start with what the business makes; admins edit them.
INSERT INTO "attribute_values" ("kind", "slug", "label_en", "label_hi", "position") VALUES
  ('metal', 'brass', 'Brass', 'पीतल', 1),
  ('metal', 'sterling-silver', '925 Sterling Silver', '925 स्टर्लिंग चाँदी', 2),
  ('metal', 'alloy', 'Alloy / Imitation', 'मिश्र धातु / इमिटेशन', 3),
  ('metal', 'copper', 'Copper', 'तांबा', 4),
  ('finish', 'gold-plated', 'Gold plated', 'सोने की परत', 1),
  ('finish', 'rose-gold-plated', 'Rose gold plated', 'रोज़ गोल्ड परत', 2),
  ('finish', 'rhodium-plated', 'Rhodium plated', 'रोडियम परत', 3),
  ('finish', 'oxidised', 'Oxidised', 'ऑक्सीडाइज़्ड', 4),
  ('finish', 'silver-plated', 'Silver plated', 'चाँदी की परत', 5),
  ('finish', 'matte', 'Matte', 'मैट', 6),
  ('stone', 'none', 'No stone', 'बिना पत्थर', 1),
  ('stone', 'kundan', 'Kundan', 'कुंदन', 2),
  ('stone', 'polki', 'Polki', 'पोल्की', 3),
  ('stone', 'pearl', 'Pearl', 'मोती', 4),
  ('stone', 'cubic-zirconia', 'Cubic zirconia', 'क्यूबिक ज़िरकोनिया', 5),
  ('stone', 'semi-precious', 'Semi-precious stone', 'अर्ध-कीमती पत्थर', 6),
  ('stone', 'glass', 'Glass', 'काँच', 7),
  ('stone', 'meenakari', 'Meenakari enamel', 'मीनाकारी', 8),
  ('colour', 'gold', 'Gold', 'सुनहरा', 1),
  ('colour', 'silver', 'Silver', 'चाँदी-सा', 2),
  ('colour', 'red', 'Red', 'लाल', 3),
  ('colour', 'green', 'Green', 'हरा', 4),
  ('colour', 'blue', 'Blue', 'नीला', 5),
  ('colour', 'white', 'White', 'सफ़ेद', 6),
  ('colour', 'black', 'Black', 'काला', 7),
  ('colour', 'pink', 'Pink', 'गुलाबी', 8),
  ('colour', 'multicolour', 'Multicolour', 'बहुरंगी', 9)
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The words Indian buyers search with; admins edit the list.
INSERT INTO "search_synonyms" ("term", "meaning") VALUES
  ('jhumka', 'earring'), ('jhumki', 'earring'), ('jhumkas', 'earring'), ('bali', 'earring'),
  ('haar', 'necklace'), ('har', 'necklace'), ('mala', 'necklace'),
  ('kada', 'bangle'), ('kadas', 'bangle'), ('chudi', 'bangle'), ('choodi', 'bangle'),
  ('payal', 'anklet'), ('pajeb', 'anklet'), ('angoothi', 'ring'), ('anguthi', 'ring'),
  ('tikka', 'maang tikka'), ('nath', 'nose ring'),
  ('झुमका', 'earring'), ('झुमकी', 'earring'), ('बाली', 'earring'), ('हार', 'necklace'),
  ('माला', 'necklace'), ('कड़ा', 'bangle'), ('चूड़ी', 'bangle'), ('पायल', 'anklet'),
  ('अंगूठी', 'ring'), ('टीका', 'maang tikka'), ('नथ', 'nose ring')
ON CONFLICT DO NOTHING;
