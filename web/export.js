// Export a figure: the dialog behind the share bar's Strip (SVG), PNG and GIF.
// A module the page imports the first time a reader opens it, so the first
// download carries none of it. It renders nothing itself: the worker (the same
// one the checker uses) draws the strip and the animation's pictures with the
// runner's rendering (replab-view); this module shows the form, draws the PNG
// and the GIF's pictures with the browser's canvas, has the worker encode the
// GIF, and previews the result before download. Its words come from the page.

const MIME = { svg: 'image/svg+xml', png: 'image/png', gif: 'image/gif' };

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'testid') e.dataset.testid = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// An SVG drawn on a new canvas at `scale` times its size.
function draw(svg, scale) {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(new Blob([svg], { type: MIME.svg }));
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(img.naturalWidth * scale);
      canvas.height = Math.round(img.naturalHeight * scale);
      canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
      resolve(canvas);
    };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error('the browser could not draw the figure')); };
    img.src = url;
  });
}

// An SVG as a PNG at `scale` times its size (the safety matrix's figure).
export async function pngOf(svg, scale) {
  const canvas = await draw(svg, scale);
  return new Promise((resolve) => canvas.toBlob(resolve, MIME.png));
}

// The GIF's frame times: each `ms`, the decisive one (the worker's longer
// delay) at least twice that, in hundredths of a second.
export function scaledDelays(delays, ms) {
  const base = Math.min(...delays);
  const each = Math.round(ms / 10);
  return delays.map((d) => (d > base ? Math.max(d, 2 * each) : each));
}

// Opens the dialog in `root`. `o`: { workerUrl, scenario, title, protocol,
// lang, len, hasDecisions, name, format, words }. Returns { update(o), close() }.
export function open(root, o) {
  let options = o;
  const form = {
    format: o.format,
    choice: o.hasDecisions ? 'decisions' : 'range',
    steps: `1..${Math.max(o.len, 1)}`,
    width: 720,
    delay: 1500,
  };
  let worker = null;
  let ready = false;
  let queued = null;
  let job = 0;
  let url = null;
  const w = () => options.words;

  const status = el('p', { class: 'export-status', testid: 'export-status', 'aria-live': 'polite' });
  const error = el('p', { class: 'export-error', role: 'alert', testid: 'export-error' });
  const box = el('div', { class: 'export-preview-box', hidden: true });
  const download = el('a', { class: 'button primary', testid: 'export-download', hidden: true });
  const fields = el('div', { class: 'export-form' });
  const dialog = el('div', { class: 'export', role: 'dialog', testid: 'export-dialog' });

  function select(testid, value, choices, onchange) {
    const s = el('select', { testid, onchange: (e) => onchange(e.target.value) });
    for (const [v, text, disabled] of choices) s.append(el('option', { value: v, selected: v === value, disabled }, text));
    return s;
  }

  function render() {
    const words = w();
    dialog.replaceChildren(
      el('div', { class: 'export-head' },
        el('strong', {}, words.title),
        el('button', { testid: 'export-close', onclick: close }, words.close)),
      el('p', { class: 'hint' }, words.hint),
      fields, status, box, download);
    dialog.setAttribute('aria-label', words.title);
    fields.replaceChildren(
      el('label', {}, el('span', {}, words.format), select('export-format', form.format,
        [['svg', words.formatSvg], ['png', words.formatPng], ['gif', words.formatGif]], (v) => { form.format = v; changed(); })),
      el('label', {}, el('span', {}, words.steps), select('export-selection', form.choice,
        [['decisions', words.decisions, !options.hasDecisions], ['range', words.range], ['steps', words.chosen]],
        (v) => { form.choice = v; changed(); })),
      form.choice === 'decisions' ? null : el('label', {}, el('span', {}, words.which),
        el('input', { testid: 'export-steps', value: form.steps, placeholder: words.stepsHint, size: 12,
          onchange: (e) => { form.steps = e.target.value.trim(); changed(); } })),
      el('label', {}, el('span', {}, words.width),
        el('input', { type: 'number', min: 480, max: 2000, step: 10, testid: 'export-width', value: form.width,
          onchange: (e) => { const n = Number(e.target.value); if (Number.isInteger(n)) { form.width = n; changed(); } } })),
      form.format !== 'gif' ? null : el('label', {}, el('span', {}, words.delay), select('export-delay', String(form.delay),
        [1000, 1500, 2000, 3000].map((ms) => [String(ms), `${ms / 1000} ${words.seconds}`]), (v) => { form.delay = Number(v); changed(); })),
    );
  }

  function show(state) {
    status.hidden = false;
    // Shown only when there is one: scripts look for the element itself.
    if (state.error === undefined) error.remove(); else status.after(error);
    box.hidden = download.hidden = state.url === undefined;
    if (state.making) status.textContent = w().making;
    if (state.error !== undefined) { error.textContent = state.error; status.hidden = true; }
    if (state.url !== undefined) {
      if (url) URL.revokeObjectURL(url);
      url = state.url;
      const frames = state.frames === 1 ? w().frame : w().frames;
      status.textContent = `${state.frames} ${frames} · ${Math.ceil(state.bytes / 1024)} KB · ${state.format.toUpperCase()}`;
      box.replaceChildren(el('img', { src: url, testid: 'export-preview', 'data-format': state.format, 'data-frames': state.frames,
        'data-bytes': state.bytes, alt: w().previewAlt, style: `width:${form.width}px` }));
      download.href = url;
      download.download = `${options.name}-figure.${state.format}`;
      download.textContent = w().download;
    }
  }

  function post(message) {
    if (ready) worker.postMessage(message); else queued = message;
  }

  function start() {
    worker = new Worker(options.workerUrl);
    worker.onerror = (e) => { e.preventDefault(); show({ error: e.message || w().crashed }); };
    worker.onmessage = (e) => reply(e.data);
  }

  // A new figure for the form as it is now.
  function changed() {
    render();
    job += 1;
    show({ making: true });
    if (!worker) start();
    post({ type: 'figure', job, scenario: options.scenario, title: options.title, protocol: options.protocol,
      lang: options.lang, selection: form.choice === 'decisions' ? 'decisions' : form.steps, width: form.width });
  }

  async function reply(data) {
    if (!data || typeof data !== 'object') return;
    if (data.type === 'ready') {
      ready = true;
      if (queued) { worker.postMessage(queued); queued = null; }
      return;
    }
    if (data.job !== job) return;
    const mine = job;
    try {
      if (data.type === 'invalid') return show({ error: data.message });
      if (data.type === 'figure') {
        const frames = data.steps.length;
        if (form.format === 'svg') {
          const blob = new Blob([data.strip], { type: MIME.svg });
          return show({ url: URL.createObjectURL(blob), bytes: blob.size, format: 'svg', frames });
        }
        if (form.format === 'png') {
          const canvas = await draw(data.strip, 2);
          const blob = await new Promise((resolve) => canvas.toBlob(resolve, MIME.png));
          if (mine === job) show({ url: URL.createObjectURL(blob), bytes: blob.size, format: 'png', frames });
          return;
        }
        const pictures = [];
        let width = 0;
        let height = 0;
        for (const svg of data.pictures) {
          const canvas = await draw(svg, 1);
          width = canvas.width;
          height = canvas.height;
          pictures.push(canvas.getContext('2d').getImageData(0, 0, width, height).data);
        }
        if (mine === job) {
          worker.postMessage({ type: 'gif', job: mine, lang: options.lang, width, height, pictures,
            delays: scaledDelays(data.delays, form.delay) },
            pictures.map((p) => p.buffer));
        }
        return;
      }
      if (data.type === 'gif') {
        const blob = new Blob([data.bytes], { type: MIME.gif });
        show({ url: URL.createObjectURL(blob), bytes: blob.size, format: 'gif', frames: data.frames });
      }
    } catch (e) {
      if (mine === job) show({ error: e.message });
    }
  }

  function close() {
    if (worker) worker.terminate();
    worker = null;
    if (url) URL.revokeObjectURL(url);
    url = null;
    root.replaceChildren();
    if (options.onClose) options.onClose();
  }

  root.replaceChildren(dialog);
  changed();
  return {
    // The history, language or title changed: a new figure, same form.
    update(next) {
      const format = next.format;
      options = { ...options, ...next };
      if (format) form.format = format;
      if (!options.hasDecisions && form.choice === 'decisions') form.choice = 'range';
      changed();
    },
    close,
  };
}
