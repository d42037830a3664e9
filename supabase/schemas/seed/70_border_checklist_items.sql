-- The border checklist a new database starts with (70_checklist.sql): the guide's facts
-- (src/features/guides) in the guide's words, with their Simplified Chinese (as Singapore and
-- Malaysia write it) and Malaysian Malay.
--
-- Reference data: `npm run db:migration` carries a change here into the migration it writes
-- (docs/decisions/0044-reference-data-in-seed-files.md). After that the items are the admin's,
-- edited in the app: a migration changing one here overwrites the admin's edit of that item.
-- The rows take their ids in this order; a new item goes last.
insert into public.border_checklist_items (position, title, details, link_url, link_label, directions, kind, translations)
values
  (10, 'Passport valid for at least 6 months',
   'Your passport needs at least 6 months validity left on the day you cross.',
   null, null, '{SG->FC,FC->SG}', 'passport',
   $json${
     "zh": {
       "title": "护照有效期至少还有 6 个月",
       "details": "过关当天，您的护照必须还有至少 6 个月的有效期。"
     },
     "ms": {
       "title": "Pasport sah sekurang-kurangnya 6 bulan",
       "details": "Pasport anda mesti masih sah sekurang-kurangnya 6 bulan pada hari anda melintasi sempadan."
     }
   }$json$),
  (20, 'Malaysia Digital Arrival Card',
   'If you are a foreign visitor, complete the Malaysia Digital Arrival Card beforehand when it applies to you.',
   'https://imigresen-online.imi.gov.my/mdac/main', 'Malaysia Digital Arrival Card (official site)', '{SG->FC}', 'static',
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
   }$json$),
  (30, 'SG Arrival Card',
   'Visitors who are not Singapore citizens or permanent residents submit the SG Arrival Card beforehand.',
   'https://eservices.ica.gov.sg/sgarrivalcard/', 'SG Arrival Card (ICA official site)', '{FC->SG}', 'static',
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
   }$json$),
  (40, 'Allow 45-60 minutes at the checkpoint',
   'Clearing immigration at both checkpoints takes 45-60 minutes; plan your day around it.',
   null, null, '{SG->FC,FC->SG}', 'static',
   $json${
     "zh": {
       "title": "过关预留 45-60 分钟",
       "details": "在两边关卡办理出入境手续共需 45-60 分钟，请据此安排当天的行程。"
     },
     "ms": {
       "title": "Peruntukkan 45-60 minit di pusat pemeriksaan",
       "details": "Urusan imigresen di kedua-dua pusat pemeriksaan mengambil masa 45-60 minit; rancang hari anda dengan mengambil kira masa ini."
     }
   }$json$),
  (50, 'Stop order and pickup time',
   'Know the pickup time and the order of the stops, and be ready at yours.',
   null, null, '{SG->FC,FC->SG}', 'stops',
   $json${
     "zh": {
       "title": "停靠顺序和接载时间",
       "details": "记住接载时间和各站的停靠顺序，并准时在您的站点等候。"
     },
     "ms": {
       "title": "Urutan perhentian dan masa jemputan",
       "details": "Ketahui masa jemputan dan urutan perhentian, dan bersedia di perhentian anda."
     }
   }$json$),
  (60, 'Driver''s car plate and contact',
   'Once a driver is booked, note the car plate and how to reach the driver.',
   null, null, '{SG->FC,FC->SG}', 'driver',
   $json${
     "zh": {
       "title": "司机的车牌号码和联系方式",
       "details": "确定司机后，请记下车牌号码以及联系司机的方式。"
     },
     "ms": {
       "title": "Nombor plat kereta dan maklumat hubungan pemandu",
       "details": "Setelah pemandu ditempah, catat nombor plat kereta dan cara untuk menghubungi pemandu."
     }
   }$json$);
