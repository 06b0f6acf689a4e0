// Groundwork: job sources and result sinks (issue #17).
import HeraldStage

public enum HeraldCampaign {}
