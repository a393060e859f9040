// querytester report.html: sorting and filtering of the class table. No library, no network.
(function () {
  'use strict';
  var table = document.getElementById('qt-classes');
  var filter = document.getElementById('qt-filter');
  var verdict = document.getElementById('qt-verdict');
  var count = document.getElementById('qt-count');
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var texts = rows.map(function (r) { return r.textContent.toLowerCase(); });

  function apply() {
    var q = filter.value.trim().toLowerCase();
    var v = verdict.value;
    var shown = 0;
    for (var i = 0; i < rows.length; i++) {
      var ok = (!q || texts[i].indexOf(q) >= 0) && (!v || rows[i].getAttribute('data-verdict') === v);
      rows[i].style.display = ok ? '' : 'none';
      if (ok) { shown++; }
    }
    count.textContent = 'showing ' + shown + ' of ' + rows.length + ' classes';
  }

  function sortBy(th, index) {
    var numeric = th.getAttribute('data-type') === 'n';
    var asc = !th.classList.contains('asc');
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (c) {
      c.classList.remove('asc', 'desc');
    });
    th.classList.add(asc ? 'asc' : 'desc');
    var keyed = rows.map(function (r, i) {
      var cell = r.cells[index];
      var raw = cell.hasAttribute('data-v') ? cell.getAttribute('data-v') : cell.textContent;
      return { row: r, text: texts[i], key: numeric ? parseFloat(raw) : raw.toLowerCase(), i: i };
    });
    keyed.sort(function (a, b) {
      var d = a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i;
      return asc ? d : -d;
    });
    var frag = document.createDocumentFragment();
    rows = keyed.map(function (k) { frag.appendChild(k.row); return k.row; });
    texts = keyed.map(function (k) { return k.text; });
    body.appendChild(frag);
  }

  Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, index) {
    th.addEventListener('click', function () { sortBy(th, index); });
  });
  filter.addEventListener('input', apply);
  verdict.addEventListener('change', apply);
  apply();
  document.body.setAttribute('data-qt-ready', '1');
})();
