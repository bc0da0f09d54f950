-- Which paths each slice serves in an environment, the administrator's like its origins:
-- {"games": ["/games/*"], "legal": ["/terms-and-conditions", "/privacy-policy"], ...}. An
-- environment made before paths existed has none: the workspace's slices then serve the paths the
-- slice list gives them (@nova/contracts/slices), read as the environment is served.
ALTER TABLE environments ADD COLUMN slice_paths jsonb NOT NULL DEFAULT '{}'::jsonb;
