"""Reports on run folders: a self-contained HTML page a designer can open, mail or archive.

`reports.html.build_report(run)` writes `<run>/report.html`; `reports.plots` draws its figures.
"""
