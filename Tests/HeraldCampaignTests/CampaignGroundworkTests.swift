import Testing
@testable import HeraldCampaign
@testable import HeraldPostgres

@Test func campaignTargetsBuild() { _ = (HeraldCampaign.self, HeraldPostgres.self) }
