import Testing
@testable import HeraldService

@Test func serviceTargetBuilds() { _ = HeraldService.self }
