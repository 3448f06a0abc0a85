CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"refunded_through_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"tax_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	CONSTRAINT "credit_notes_total_positive" CHECK ("credit_notes"."total_paise" > 0),
	CONSTRAINT "credit_notes_amounts_add_up" CHECK ("credit_notes"."taxable_paise" + "credit_notes"."tax_paise" = "credit_notes"."total_paise" and "credit_notes"."cgst_paise" + "credit_notes"."sgst_paise" + "credit_notes"."igst_paise" = "credit_notes"."tax_paise")
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "seller_state_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_state_code" text;--> statement-breakpoint
-- The counter gains a series (invoices, credit notes): its key becomes (series, financial_year).
ALTER TABLE "invoice_counters" ADD COLUMN "series" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_pkey";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_pkey" PRIMARY KEY("series","financial_year");--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sac_code" text DEFAULT '999293' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "seller_state_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "buyer_state_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "place_of_supply_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cgst_paise" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sgst_paise" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "igst_paise" integer;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_transaction_id_payment_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."payment_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_year_sequence_key" ON "credit_notes" USING btree ("financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_invoice_refunded_key" ON "credit_notes" USING btree ("invoice_id","refunded_through_paise");--> statement-breakpoint
CREATE INDEX "credit_notes_transaction_idx" ON "credit_notes" USING btree ("transaction_id","issued_at");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_billing_state_code_format" CHECK ("profiles"."billing_state_code" ~ '^[0-9]{2}$');--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_series_valid" CHECK ("invoice_counters"."series" in ('invoice', 'credit_note'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tax_parts_add_up" CHECK ("invoices"."cgst_paise" is null or "invoices"."cgst_paise" + "invoices"."sgst_paise" + "invoices"."igst_paise" = "invoices"."tax_paise");