CREATE TABLE "selection_items" (
	"selection_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "selection_items_selection_id_product_id_pk" PRIMARY KEY("selection_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "selection_link_orders" (
	"link_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selection_link_orders_link_id_order_id_pk" PRIMARY KEY("link_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "selection_link_viewers" (
	"link_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "selection_link_viewers_link_id_user_id_pk" PRIMARY KEY("link_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "selection_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"selection_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text,
	"recipient_phone" text,
	"recipient_user_id" uuid,
	"expires_at" timestamp with time zone,
	"show_prices" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selection_opens" (
	"link_id" uuid NOT NULL,
	"day" date NOT NULL,
	"first_opened_at" timestamp with time zone NOT NULL,
	"last_opened_at" timestamp with time zone NOT NULL,
	"designs_viewed" integer DEFAULT 0 NOT NULL,
	"designs_added" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "selection_opens_link_id_day_pk" PRIMARY KEY("link_id","day")
);
--> statement-breakpoint
CREATE TABLE "selections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"internal_note" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "selection_items" ADD CONSTRAINT "selection_items_selection_id_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."selections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_items" ADD CONSTRAINT "selection_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_link_orders" ADD CONSTRAINT "selection_link_orders_link_id_selection_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."selection_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_link_orders" ADD CONSTRAINT "selection_link_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_link_viewers" ADD CONSTRAINT "selection_link_viewers_link_id_selection_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."selection_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_link_viewers" ADD CONSTRAINT "selection_link_viewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_links" ADD CONSTRAINT "selection_links_selection_id_selections_id_fk" FOREIGN KEY ("selection_id") REFERENCES "public"."selections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_links" ADD CONSTRAINT "selection_links_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selection_opens" ADD CONSTRAINT "selection_opens_link_id_selection_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."selection_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selections" ADD CONSTRAINT "selections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "selection_items_order_idx" ON "selection_items" USING btree ("selection_id","position");--> statement-breakpoint
CREATE INDEX "selection_items_product_idx" ON "selection_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "selection_link_orders_order_idx" ON "selection_link_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "selection_link_viewers_user_idx" ON "selection_link_viewers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "selection_links_token_key" ON "selection_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "selection_links_selection_idx" ON "selection_links" USING btree ("selection_id","created_at");--> statement-breakpoint
CREATE INDEX "selection_links_recipient_idx" ON "selection_links" USING btree ("recipient_user_id");--> statement-breakpoint
CREATE INDEX "selection_opens_last_idx" ON "selection_opens" USING btree ("last_opened_at");--> statement-breakpoint
CREATE INDEX "selections_owner_idx" ON "selections" USING btree ("owner_id","created_at" DESC NULLS LAST);