// Groundwork: the PostgreSQL job queue (issue #17).
import PostgresNIO
import Logging
import HeraldCampaign

public enum HeraldPostgres {}
