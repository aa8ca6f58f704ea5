-- English banners (openapi: the `locale` query parameter of GET /site-config and GET /settings/banners).
-- The Portuguese title and artwork stay in title / image / image_mobile; NULL means "not translated" and the
-- API answers with the Portuguese text.
ALTER TABLE banners
  ADD COLUMN title_en        text,
  ADD COLUMN image_en        text,
  ADD COLUMN image_mobile_en text;
