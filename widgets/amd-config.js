// Loaded after require.js and before embed-amd.js: points require.js at the anywidget copied
// beside this file, and the widget manager at its own font files here, so no page asks a CDN.
(function () {
  var base = document.currentScript.src.replace(/amd-config\.js.*$/, "");
  window.__jupyter_widgets_assets_path__ = base;
  // embed-amd.js looks for its font files beside the modules it defines, at the addresses
  // require.js gives their names: send those names here too.
  var here = base.replace(/\/$/, "");
  window.require.config({
    paths: { anywidget: base + "anywidget", "@jupyter-widgets": here, "@jupyter-widgets/html-manager/dist": here },
  });
})();
