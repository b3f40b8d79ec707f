/* Sellflow embeddable items (issue 23): <script src="…/embed.js" data-sellflow-item="TOKEN" async></script>.
   Each item is drawn in its own closed shadow root: the host page's styles cannot reach it, and the script reads
   nothing of the host page but its own tag. Its links carry the publisher's epid, so the shop counts the click. */
(function () {
  'use strict';
  var me = document.currentScript;
  var origin = me ? new URL(me.src).origin : '';
  var esc = function (s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  };
  var CSS =
    ':host{all:initial;display:inline-block;max-width:100%;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2433}' +
    ':host([data-wide]){display:block}*{box-sizing:border-box}' +
    'a{color:inherit}.tl{color:var(--c);text-decoration:underline}.pl{color:inherit}' +
    '.bt{display:inline-block;padding:10px 20px;border-radius:22px;background:var(--c);color:#fff;text-decoration:none;font-weight:600;cursor:pointer;border:0;font:inherit}' +
    '.bt:hover{filter:brightness(1.08)}.bt:focus-visible,a:focus-visible{outline:3px solid #111;outline-offset:2px}' +
    '.bn{display:flex;gap:16px;align-items:center;justify-content:space-between;flex-wrap:wrap;padding:16px 20px;border:1px solid #e3e6ea;border-left:6px solid var(--c);border-radius:12px;background:#fff}' +
    '.bn b{display:block;font-size:17px}.bn small{color:#5b6472}' +
    '.bd{display:inline-flex;gap:6px;align-items:center;padding:4px 12px;border-radius:999px;background:var(--c);color:#fff;font-size:13px;text-decoration:none;font-weight:600}' +
    '.sl{display:flex;gap:12px;overflow-x:auto;scroll-snap-type:x mandatory;padding:4px}' +
    '.cd{flex:0 0 220px;scroll-snap-align:start;border:1px solid #e3e6ea;border-radius:12px;padding:14px;background:#fff;display:flex;flex-direction:column;gap:8px}' +
    '.cd b{font-size:15px}.cd p{margin:0;color:#5b6472;font-size:13px;flex:1}' +
    'iframe{border:0;width:100%;min-height:640px;border-radius:12px;background:#fff}';

  function open(url, display, ev) {
    if (display !== 'modal') return; // the page itself goes there: the link's own navigation
    // a window over the page: the shop is first-party there, so the click's cookie holds through the checkout
    var w = Math.min(520, screen.width), h = Math.min(820, screen.height);
    var win = window.open(url, 'sellflow', 'popup,width=' + w + ',height=' + h + ',left=' + ((screen.width - w) / 2) + ',top=' + ((screen.height - h) / 2));
    if (win) ev.preventDefault(); // a blocked window: the link opens in a new tab instead
  }

  function link(cls, url, inner, display) {
    return '<a class="' + cls + '" href="' + esc(url) + '" target="' + (display === 'modal' ? '_blank' : '_top') + '" rel="noopener">' + inner + '</a>';
  }

  function draw(host, item) {
    var root = host.attachShadow({ mode: 'closed' });
    var url = origin + item.target;
    var text = esc(item.text || item.title);
    var html;
    var f = item.form;
    host.style.setProperty('--c', item.color);
    if (f === 'plain_link') html = link('pl', url, text, item.display);
    else if (f === 'text_link') html = link('tl', url, text, item.display);
    else if (f === 'badge') html = link('bd', url, '&#9733; ' + text, item.display);
    else if (f === 'banner') {
      host.setAttribute('data-wide', '');
      html = '<div class="bn"><div><b>' + esc(item.title) + '</b><small>' + esc(item.shop) + '</small></div>' + link('bt', url, esc(item.text || item.button), item.display) + '</div>';
    } else if (f === 'slider') {
      host.setAttribute('data-wide', '');
      html = '<div class="sl">' + item.products.map(function (p) {
        return '<div class="cd"><b>' + esc(p.name) + '</b><p>' + esc(p.description) + '</p>' + link('bt', origin + p.target, esc(item.text || item.button), item.display) + '</div>';
      }).join('') + '</div>';
    } else if (f === 'embed_form' || f === 'embed_payment_page') {
      host.setAttribute('data-wide', '');
      html = item.display === 'modal' ? link('bt', url, esc(item.text || item.button), 'modal') : '<iframe src="' + esc(url) + '" title="' + esc(item.title) + '" loading="lazy" allow="payment"></iframe>';
    } else html = link('bt', url, text, item.display);
    root.innerHTML = '<style>' + CSS + '</style>' + html;
    root.querySelectorAll('a').forEach(function (a) {
      a.addEventListener('click', function (ev) { open(a.href, item.display, ev); });
    });
  }

  function load(tag) {
    var token = tag.getAttribute('data-sellflow-item');
    if (!token || tag.__sellflow) return;
    tag.__sellflow = 1;
    var host = document.createElement('sellflow-item');
    tag.parentNode.insertBefore(host, tag.nextSibling);
    fetch(origin + '/v1/embed/items/' + encodeURIComponent(token), { credentials: 'omit' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (item) { if (item) draw(host, item); })
      .catch(function () {});
  }

  // each pasted snippet runs this file once, with its own tag as the current script
  if (me) load(me);
})();
