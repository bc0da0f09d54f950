import type { ComponentType } from 'react';

/** A page a remote exposes: its default export renders the whole page. */
export interface PageModule {
  default: ComponentType;
}

/** Every module the remotes expose, keyed by `<remote>/<exposed name>`. */
export interface RemoteModules {
  'marketing/HomePage': PageModule;
  'games/GamesPage': PageModule;
  'games/GamePage': PageModule;
  'legal/TermsPage': PageModule;
  'legal/PrivacyPage': PageModule;
  'contact/ContactPage': PageModule;
}

export type RemoteModuleId = keyof RemoteModules;

export type RemoteName = RemoteModuleId extends `${infer Name}/${string}` ? Name : never;
