-- Migration: the border checklist in the app's three languages
-- Purpose: the app reads in English, 简体中文 or Bahasa Melayu, and the border checklist is
--          content (20261201000700_border_checklist.sql), so its translations are content too:
--          the admin edits them beside the English, through the api or the Supabase dashboard.
-- Affects: new column public.border_checklist_items.translations (jsonb, default '{}') with
--          the check border_checklist_items_translations_shape; new function
--          private.border_checklist_texts_valid; insert and update grants on the column for
--          authenticated; the seeded items' texts in Chinese and Malay.
-- Notes: the English stays in title, details and link_label; translations holds the other
--        languages, { "zh": { "title": ..., "details": ..., "linkLabel": ... }, "ms": { ... } },
--        every language and every text optional: the PWA shows each text in the reader's
--        language when there is one and the English otherwise, field by field. Only the keys
--        zh and ms, only those three texts, each a string within the English column's limits
--        and without hidden characters (private.jsonb_has_hidden_characters, 20261124000220).
--        The policies are unchanged (they use no column): everyone reads, only the admin
--        writes. A new language widens the check in a new migration. The seeded items get
--        their translations only while their English is still the seed's, so an item the
--        admin already rewrote is not given a translation of the old text. Runs unchanged on
--        PostgreSQL 15, Supabase (17) and PGlite (18).

-- One language's texts: an object with any of title, details and linkLabel, each a string that
-- is not blank and fits the English column's limit. Immutable, for the check below; the check
-- runs as the admin writing the row, who may execute it (functions are executable by default)
-- although schema private is closed to them.
create function private.border_checklist_texts_valid(p_texts jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_texts is null or (
    jsonb_typeof(p_texts) = 'object'
    and p_texts - array['title', 'details', 'linkLabel'] = '{}'::jsonb
    and (p_texts -> 'title' is null
         or (jsonb_typeof(p_texts -> 'title') = 'string'
             and char_length(btrim(p_texts ->> 'title')) between 1 and 120))
    and (p_texts -> 'details' is null
         or (jsonb_typeof(p_texts -> 'details') = 'string'
             and char_length(btrim(p_texts ->> 'details')) between 1 and 1000))
    and (p_texts -> 'linkLabel' is null
         or (jsonb_typeof(p_texts -> 'linkLabel') = 'string'
             and char_length(btrim(p_texts ->> 'linkLabel')) between 1 and 120))
  )
$$;

alter table public.border_checklist_items
  add column translations jsonb not null default '{}'::jsonb,
  add constraint border_checklist_items_translations_shape check (
    jsonb_typeof(translations) = 'object'
    and translations - array['zh', 'ms'] = '{}'::jsonb
    and private.border_checklist_texts_valid(translations -> 'zh')
    and private.border_checklist_texts_valid(translations -> 'ms')
    and not private.jsonb_has_hidden_characters(translations)
  );
comment on column public.border_checklist_items.translations is
  'The item''s texts in the other languages: {"zh": {"title", "details", "linkLabel"}, "ms": {...}}, each optional; the PWA falls back to the English columns text by text.';

grant insert (translations) on public.border_checklist_items to authenticated;
grant update (translations) on public.border_checklist_items to authenticated;

-- The seeded items (20261201000700), in Simplified Chinese as Singapore and Malaysia write it,
-- and in Malaysian Malay.
update public.border_checklist_items i
   set translations = seed.translations
  from (values
    ('Passport valid for at least 6 months',
     'Your passport needs at least 6 months validity left on the day you cross.',
     null::text,
     $json${
       "zh": {
         "title": "护照有效期至少还有 6 个月",
         "details": "过关当天，您的护照必须还有至少 6 个月的有效期。"
       },
       "ms": {
         "title": "Pasport sah sekurang-kurangnya 6 bulan",
         "details": "Pasport anda mesti masih sah sekurang-kurangnya 6 bulan pada hari anda melintasi sempadan."
       }
     }$json$::jsonb),
    ('Malaysia Digital Arrival Card',
     'If you are a foreign visitor, complete the Malaysia Digital Arrival Card beforehand when it applies to you.',
     'Malaysia Digital Arrival Card (official site)',
     $json${
       "zh": {
         "title": "马来西亚数码入境卡（MDAC）",
         "details": "如果您是外国访客，并且需要填写马来西亚数码入境卡，请在出发前提前完成。",
         "linkLabel": "马来西亚数码入境卡（官方网站）"
       },
       "ms": {
         "title": "Kad Ketibaan Digital Malaysia (MDAC)",
         "details": "Jika anda pelawat asing, lengkapkan Kad Ketibaan Digital Malaysia lebih awal jika ia dikenakan kepada anda.",
         "linkLabel": "Kad Ketibaan Digital Malaysia (laman web rasmi)"
       }
     }$json$::jsonb),
    ('SG Arrival Card',
     'Visitors who are not Singapore citizens or permanent residents submit the SG Arrival Card beforehand.',
     'SG Arrival Card (ICA official site)',
     $json${
       "zh": {
         "title": "新加坡入境卡（SGAC）",
         "details": "非新加坡公民或永久居民的访客，须在入境前提交新加坡入境卡。",
         "linkLabel": "新加坡入境卡（移民与关卡局官方网站）"
       },
       "ms": {
         "title": "Kad Ketibaan SG (SGAC)",
         "details": "Pelawat yang bukan warganegara atau penduduk tetap Singapura perlu menghantar Kad Ketibaan SG lebih awal.",
         "linkLabel": "Kad Ketibaan SG (laman web rasmi ICA)"
       }
     }$json$::jsonb),
    ('Allow 45-60 minutes at the checkpoint',
     'Clearing immigration at both checkpoints takes 45-60 minutes; plan your day around it.',
     null::text,
     $json${
       "zh": {
         "title": "过关预留 45-60 分钟",
         "details": "在两边关卡办理出入境手续共需 45-60 分钟，请据此安排当天的行程。"
       },
       "ms": {
         "title": "Peruntukkan 45-60 minit di pusat pemeriksaan",
         "details": "Urusan imigresen di kedua-dua pusat pemeriksaan mengambil masa 45-60 minit; rancang hari anda dengan mengambil kira masa ini."
       }
     }$json$::jsonb),
    ('Stop order and pickup time',
     'Know the pickup time and the order of the stops, and be ready at yours.',
     null::text,
     $json${
       "zh": {
         "title": "停靠顺序和接载时间",
         "details": "记住接载时间和各站的停靠顺序，并准时在您的站点等候。"
       },
       "ms": {
         "title": "Urutan perhentian dan masa jemputan",
         "details": "Ketahui masa jemputan dan urutan perhentian, dan bersedia di perhentian anda."
       }
     }$json$::jsonb),
    ('Driver''s car plate and contact',
     'Once a driver is booked, note the car plate and how to reach the driver.',
     null::text,
     $json${
       "zh": {
         "title": "司机的车牌号码和联系方式",
         "details": "确定司机后，请记下车牌号码以及联系司机的方式。"
       },
       "ms": {
         "title": "Nombor plat kereta dan maklumat hubungan pemandu",
         "details": "Setelah pemandu ditempah, catat nombor plat kereta dan cara untuk menghubungi pemandu."
       }
     }$json$::jsonb)
  ) as seed (title, details, link_label, translations)
 where i.title = seed.title
   and i.details is not distinct from seed.details
   and i.link_label is not distinct from seed.link_label
   and i.translations = '{}'::jsonb;
