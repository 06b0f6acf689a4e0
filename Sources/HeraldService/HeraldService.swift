// Groundwork: the service is built on this target (issue #16).
import Hummingbird
import Logging
import Metrics
import Prometheus
import ServiceLifecycle
import HeraldStage

public enum HeraldService {}
