// The first Intl formatter a page builds loads ICU's data: 25-50 ms on a desktop, four times
// that on a mid-range phone, in one block on the main thread just as the first ride cards render.
// ICU's data is shared by the whole page process, so a worker that builds one of each kind the
// cards use (index.html starts it before the app's scripts arrive) pays that cost on another
// core, and the main thread's first dates and prices come from the warm data.
new Intl.DateTimeFormat('en-SG', { timeZone: 'Asia/Singapore', weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(0);
new Intl.NumberFormat('en-SG', { style: 'currency', currency: 'SGD' }).format(0);
new Intl.PluralRules('en-SG').select(1);
close();
