-- The discovery service's data: environments, the teams' tokens, and every revision of every
-- environment's remote map. Revisions are only ever added: nothing here is updated or deleted
-- but a token's revocation and an environment's settings.

CREATE TABLE environments (
  name text PRIMARY KEY,
  -- Where each slice's entries may point: {"legal": ["https://legal.cdn.example"], ...}
  slice_origins jsonb NOT NULL,
  -- A version gets traffic here only once it had traffic there (production: staging).
  staged_in text REFERENCES environments (name),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tokens (
  id text PRIMARY KEY,
  team text NOT NULL,
  slices text[] NOT NULL,
  environments text[] NOT NULL,
  -- SHA-256 of the whole token: the token itself is shown once and never stored.
  secret_hash bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE TABLE revisions (
  environment text NOT NULL REFERENCES environments (name),
  -- 1, 2, 3… per environment: a write based on revision n inserts n + 1, so of two writes based
  -- on the same revision only one can commit, whichever instance of the service takes it.
  number integer NOT NULL CHECK (number > 0),
  etag text NOT NULL,
  -- The whole map as of this revision, byte for byte as it is served.
  map text NOT NULL,
  team text NOT NULL,
  token_id text NOT NULL,
  command text NOT NULL,
  -- A rule the administrator set aside for this change ('unstaged'), if any.
  override text,
  -- The client's key for this change: a retry of a change already made is answered, not made again.
  idempotency_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (environment, number),
  UNIQUE (environment, idempotency_key)
);

-- What a revision changed, per slice: what a team reads in `slice history`.
CREATE TABLE slice_changes (
  environment text NOT NULL,
  revision integer NOT NULL,
  slice text NOT NULL,
  summary text NOT NULL,
  from_version text,
  to_version text,
  canary_version text,
  canary_share integer,
  commit text,
  PRIMARY KEY (environment, slice, revision),
  FOREIGN KEY (environment, revision) REFERENCES revisions (environment, number)
);

-- Each artifact a revision gave traffic to (released, or made the canary): what promotion checks.
CREATE TABLE traffic_grants (
  environment text NOT NULL,
  revision integer NOT NULL,
  slice text NOT NULL,
  version text NOT NULL,
  url text NOT NULL,
  integrity text NOT NULL,
  PRIMARY KEY (environment, slice, version, revision),
  FOREIGN KEY (environment, revision) REFERENCES revisions (environment, number)
);
