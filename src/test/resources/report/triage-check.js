// Measures report.html's triage points in a real browser and leaves the results, as JSON, in the
// body's data-qt-check attribute (read from --dump-dom). Test code: the tests insert it into a
// copy of the report; the report never holds it.
(function () {
  'use strict';
  var out = {};
  function all(s, root) { return Array.prototype.slice.call((root || document).querySelectorAll(s)); }
  function one(s) { return document.querySelector(s); }
  var nav = one('nav');
  var navBottom = function () { return nav.getBoundingClientRect().bottom; };

  // The why column: its place, and classes with differences that have no why.
  var heads = all('#qt-classes thead th').map(function (th) { return th.textContent; });
  var why = heads.indexOf('why');
  out.whyColumn = why;
  var differing = all('#qt-classes tbody tr').filter(function (r) {
    var v = r.getAttribute('data-verdict');
    return v !== 'SAME' && v !== 'SKIPPED';
  });
  out.differingClasses = differing.length;
  out.differingWithoutWhy = differing.filter(function (r) {
    return why < 0 || r.cells[why].textContent.trim() === '';
  }).length;
  out.whys = differing.map(function (r) { return why < 0 ? '' : r.cells[why].textContent; });

  // Findings: rows, and the classes of the largest.
  var findings = all('#qt-findings tbody tr');
  out.findings = findings.length;
  out.largestFinding = 0;
  out.largestFindingWhy = '';
  out.findingList = findings.map(function (r) {
    return { why: r.cells[1].textContent, classes: parseInt(r.cells[2].textContent.replace(/,/g, ''), 10) };
  });
  findings.forEach(function (r) {
    var n = parseInt(r.cells[2].textContent.replace(/,/g, ''), 10);
    if (n > out.largestFinding) { out.largestFinding = n; out.largestFindingWhy = r.cells[1].textContent; }
  });

  // The health summary sits in the overview, above the findings and the class table.
  var health = all('table.kv th').filter(function (th) { return th.textContent === "Servers' health"; })[0];
  out.healthSummaryTop = health ? health.getBoundingClientRect().top + window.scrollY : -1;
  out.classesTop = one('#classes').getBoundingClientRect().top + window.scrollY;

  // Sticky header: scroll the class table's box to its end; the header row stays at its top.
  var box = one('#qt-classes').parentNode;
  box.scrollTop = box.scrollHeight;
  var th = one('#qt-classes thead th');
  out.classBoxScrolled = box.scrollTop;
  out.stickyHeaderOffset = Math.round(th.getBoundingClientRect().top - box.getBoundingClientRect().top);
  box.scrollTop = 0;

  // Anchors: every menu target and class detail, scrolled to, starts below the sticky menu.
  out.hiddenAnchors = [];
  var targets = all('nav a').map(function (a) { return a.getAttribute('href').slice(1); });
  all('article.cls').slice(0, 5).forEach(function (a) { targets.push(a.id); });
  out.anchorsChecked = 0;
  targets.forEach(function (id) {
    var t = document.getElementById(id);
    if (!t) { return; }
    t.scrollIntoView();
    out.anchorsChecked++;
    if (window.scrollY > 0 && t.getBoundingClientRect().top < navBottom() - 1) { out.hiddenAnchors.push(id); }
  });
  window.scrollTo(0, 0);

  // Latency charts: per class detail, the fewest executions of a side, and whether it has a chart.
  out.charts = all('article.cls').map(function (a) {
    var rows = all('table.lat tbody tr', a);
    var counts = rows.map(function (r) { return parseInt(r.cells[1].textContent.replace(/,/g, ''), 10); });
    return { fewest: Math.min.apply(null, counts), chart: !!a.querySelector('svg.qt-chart'),
             note: !!a.querySelector('.nochart') };
  });

  // Paired rows: a differing cell is marked exactly when the paired value differs.
  out.pairedRows = 0;
  out.wrongMarks = 0;
  out.markedCells = 0;
  out.pairsWithOtherKeys = 0;
  out.pairedByKey = 0;
  all('table.samples tbody tr.paired').forEach(function (r) {
    out.pairedRows++;
    var n = r.cells.length / 2;
    if (r.classList.contains('by-key') && r.cells[0].textContent !== r.cells[n].textContent) {
      out.pairsWithOtherKeys++;
    }
    if (r.classList.contains('by-key')) { out.pairedByKey++; }
    for (var i = 0; i < n; i++) {
      var differs = r.cells[i].textContent !== r.cells[n + i].textContent;
      var marked = r.cells[i].classList.contains('d') && r.cells[n + i].classList.contains('d');
      if (marked) { out.markedCells++; }
      if (differs !== marked) { out.wrongMarks++; }
    }
  });

  // Wide results: values stay on one line, and their box scrolls sideways instead.
  out.wrappedValues = 0;
  out.wrapped = [];
  out.scrollingSamples = 0;
  all('table.samples').forEach(function (t) {
    var box = t.parentNode;
    if (box.scrollWidth > box.clientWidth + 1) { out.scrollingSamples++; }
    all('td.val', t).forEach(function (td) {
      var lines = td.textContent.split('\n').length;
      var lh = parseFloat(getComputedStyle(td).lineHeight) || 16;
      // The text's own height, not the cell's: a neighbour with more lines makes the row tall.
      var range = document.createRange();
      range.selectNodeContents(td);
      var height = range.getBoundingClientRect().height;
      if (height > (lines + 0.5) * lh) {
        out.wrappedValues++;
        if (out.wrapped.length < 5) {
          out.wrapped.push({ text: td.textContent.slice(0, 80), height: height, lineHeight: lh });
        }
      }
    });
  });
  document.body.setAttribute('data-qt-check', JSON.stringify(out));
})();
