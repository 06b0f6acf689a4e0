import Testing

@testable import HeraldLint

/// `NotificationKeys`: the notification globs split per table, asked once per entry.
@Suite struct NotificationKeysTests {
    /// The default globs: a table named for notifications takes every key without a key glob
    /// (its key part is `*`); any other table has no key glob (a key's name does not make it a
    /// notification text), and no glob is matched against a built "table:key" text.
    @Test func defaultGlobsAreSplitPerTable() {
        let c = LintConfiguration()
        let notifications = NotificationKeys(table: "Notifications", configuration: c)
        #expect(notifications.all)
        #expect(notifications.keyGlobs.isEmpty && notifications.wholeGlobs.isEmpty)
        let localizable = NotificationKeys(table: "Localizable", configuration: c)
        #expect(!localizable.all)
        #expect(localizable.keyGlobs.isEmpty)
        #expect(!localizable.contains("settings.notification.footer") && !localizable.contains("push.win"))
        #expect(localizable.wholeGlobs.isEmpty)
        let push = NotificationKeys(table: "PushAlerts", configuration: c)
        #expect(push.all)
    }

    /// A table no glob names asks no key glob at all.
    @Test func aTableNoGlobNamesHasNoKeyGlobs() {
        let globs = ["Notifications:*", "Alerts:push.*"].map { Glob($0, separator: nil) }
        let other = NotificationKeys(table: "Localizable", globs: globs)
        #expect(!other.all && other.keyGlobs.isEmpty && other.wholeGlobs.isEmpty)
        #expect(!other.contains("push.win"))
        let alerts = NotificationKeys(table: "Alerts", globs: globs)
        #expect(alerts.keyGlobs.map(\.pattern) == ["push.*"])
    }

    /// The same answers as every glob against "table:key" (`LintConfiguration.isNotification`,
    /// the matcher as it was), over patterns with no, one and several ':', `**`, `?`, and
    /// tables and keys that hold ':' themselves. The expected answers are the full matcher's,
    /// hand-checked for the cases marked below.
    @Test func sameAnswersAsTheWholeNameMatcher() {
        let patterns = [
            "*otification*:*", "*:*otification*", "*Push*:*", "*push*:*", "*:*Push*", "*:*push*", "*APNs*:*", "*:*apns*",
            "*:*", "**:**", "Localizable:alerts.*", "Notif*:x", "*push*", "a:b:c", "*:*:*", "Loc?lizable:?", "",
            ":", "*:", ":*", "Alerts:", "A**/b:c", "L*e:*.body",
        ]
        let tables = ["Localizable", "Notifications", "PushAlerts", "Notif", "a", "a:b", "Loc:al", "", "A/b", "Ab", "Lae"]
        let keys = [
            "", "x", "alerts.a/b", "a/alerts.b", "y:x", "b:c", "push.win", "settings.notificationSound", "apns", ":", "onboarding.body",
            "c", "win.body", "x:push",
        ]
        for pattern in [[String]](arrayLiteral: LintConfiguration.defaultNotifications.map(\.pattern)) + patterns.map({ [$0] }) {
            var c = LintConfiguration()
            c.notifications = pattern.map { Glob($0, separator: nil) }
            for table in tables {
                let split = NotificationKeys(table: table, configuration: c)
                for key in keys {
                    #expect(split.contains(key) == c.isNotification(table: table, key: key), "\(pattern) \(table) \(key)")
                }
            }
        }
        // Hand-checked: the pattern's ':' may stand on a ':' inside the key.
        var c = LintConfiguration()
        c.notifications = [Glob("Notif*:x", separator: nil)]
        #expect(NotificationKeys(table: "Notif", configuration: c).contains("y:x"))
        #expect(!NotificationKeys(table: "Notif", configuration: c).contains("y"))
        c.notifications = [Glob("a:b:c", separator: nil)]
        #expect(NotificationKeys(table: "a", configuration: c).contains("b:c"))
        #expect(NotificationKeys(table: "a:b", configuration: c).contains("c"))
        #expect(!NotificationKeys(table: "a", configuration: c).contains("bc"))
    }
}
