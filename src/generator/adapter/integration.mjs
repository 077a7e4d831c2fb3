// A project-local Astro adapter. The build emits one server entry that exports
// `render(request, locals)`; the generator imports it once per worker and
// renders any route of any dealer site in-process, with the site and its
// snapshot passed as locals. See docs/ARCHITECTURE.md, "One compile, many sites".

/** @returns {import('astro').AstroIntegration} */
export default function dealerSitesAdapter() {
  return {
    name: 'dealer-sites-adapter',
    hooks: {
      'astro:config:done': ({ setAdapter }) => {
        setAdapter({
          name: 'dealer-sites-adapter',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./server-entry.mjs', import.meta.url),
          adapterFeatures: { buildOutput: 'server' },
          supportedAstroFeatures: {
            serverOutput: 'stable',
            staticOutput: 'unsupported',
            hybridOutput: 'unsupported',
            sharpImageService: 'unsupported',
            envGetSecret: 'unsupported',
          },
        });
      },
    },
  };
}
