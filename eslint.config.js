import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginQuery from '@tanstack/eslint-plugin-query'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
const tests = ['**/*.test.{ts,tsx}', '**/testing/**', 'test-readers/**', 'e2e/**', 'bench/**']

const noClimbing = {
  group: ['../../../*'],
  message: 'Climbing more than two folders: use a package.json "imports" alias (#lib/…, #contract/…).',
}

/** The house's walls (docs/decisions/0124-boundaries-in-lint.md): who may import whom. */
const zones = [
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature: move what both need to src/lib or src/components.',
  })),
  {
    target: './src',
    from: ['./server', './simulator', './api', './scripts'],
    message: 'The browser code never imports the server or the simulator.',
  },
  {
    target: ['./server', './simulator', './api'],
    from: './src',
    message: 'The function and the simulator never import the browser code.',
  },
  {
    target: './contract',
    from: ['./src', './server', './simulator', './api', './scripts', './e2e', './bench'],
    message: 'contract/ imports nothing of the project: everyone else imports it.',
  },
  {
    target: './simulator',
    from: ['./src', './server', './api', './scripts'],
    message: 'The simulator stands alone: it imports only contract/.',
  },
  {
    target: ['./src/lib', './src/components'],
    from: ['./src/features', './src/app'],
    message: 'Shared code never imports a feature or the app shell.',
  },
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import the app shell: the shell imports them.',
  },
]

/** The function's floors, lowest first (docs/decisions/0121-server-floors.md): a floor imports only floors below it. */
const serverFloors = [
  ['./server/config.ts', './server/config'],
  ['./server/errors.ts'],
  ['./server/db'],
  ['./server/gateway.ts'],
  ['./server/app-context.ts'],
  ['./server/upstream'],
  ['./server/security'],
  ['./server/spend'],
  ['./server/validation.ts'],
  ['./server/routes'],
  ['./server/collections'],
  ['./server/openapi'],
  ['./server/app.ts', './server/static-files.ts'],
  ['./server/runtime.ts'],
  ['./server/entry-node.ts', './server/dev-app.ts'],
]
const floorZones = serverFloors.slice(0, -1).map((floor, i) => ({
  target: floor,
  from: serverFloors.slice(i + 1).flat(),
  message: `${floor.join(', ')} is a lower floor of the function: it never imports a floor above it (docs/decisions/0121).`,
}))

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', '.data', 'bench/.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginQuery.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-unresolved': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [noClimbing],
        },
      ],
    },
  },
  {
    // Configuration is read in the config modules only; everything else receives it.
    files: [
      'src/**/*.{ts,tsx}',
      'server/**/*.ts',
      'simulator/**/*.ts',
      'api/**/*.ts',
      'scripts/**/*.ts',
      'vite.config.ts',
    ],
    ignores: [...tests, 'server/config.ts', 'server/config/**', 'simulator/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration in server/config.ts (loadConfig) and pass it down.',
        },
      ],
    },
  },
  {
    // Production code never imports test helpers.
    files: [
      'src/**/*.{ts,tsx}',
      'server/**/*.ts',
      'simulator/**/*.ts',
      'contract/**/*.ts',
      'api/**/*.ts',
      'scripts/**/*.ts',
    ],
    ignores: tests,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...zones, ...floorZones] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noClimbing,
            {
              group: ['**/testing/*', '#testing/*', '#test-readers/*'],
              message: 'Production code never imports test helpers.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function a reader cannot hold in mind is split into named parts (docs/decisions/0182); tests are exempt.
    files: ['**/*.{ts,tsx}'],
    ignores: tests.filter((t) => t !== 'bench/**'),
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  { files: ['e2e/**/*.ts', 'bench/**/*.ts'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
)
