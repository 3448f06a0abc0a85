ALTER TABLE "daily_news_analysis" ADD COLUMN "title_hi" text;--> statement-breakpoint
ALTER TABLE "daily_news_analysis" ADD COLUMN "content_hi" text;--> statement-breakpoint
ALTER TABLE "daily_news_analysis" ADD COLUMN "excerpt_hi" text;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "title_hi" text;