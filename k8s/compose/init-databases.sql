-- docker-compose.yml: run once by the postgres image on an empty data volume
-- (/docker-entrypoint-initdb.d). One database per service; each service's migrations create
-- its tables and extensions. In production the CloudNativePG Database resources of
-- k8s/postgres.yaml do this, with one role per service.
CREATE DATABASE manzil_identity;
CREATE DATABASE manzil_listings;
CREATE DATABASE manzil_search;
CREATE DATABASE manzil_auctions;
CREATE DATABASE manzil_payments;
CREATE DATABASE manzil_content;
CREATE DATABASE manzil_notifications;
CREATE DATABASE manzil_sandbox;
