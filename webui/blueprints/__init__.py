"""The dashboard's blueprints: `pages` (HTML), `api` (public and seat JSON, the live stream),
`host` (the host console's JSON)."""
