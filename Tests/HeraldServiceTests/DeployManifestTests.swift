import Foundation
import HeraldJSON
import HeraldService
import HeraldTestSupport
import Testing

/// deploy/: the Kubernetes manifests, read by PyYAML (python3-yaml; .ci/run installs it),
/// and the Containerfile, checked for structure: probe paths and ports, the container port
/// the Service targets, the Deployment the autoscaler scales, the tables volume, and the
/// image's command agreeing with the Deployment's. No container is built here (no
/// container engine on the test machines); deploy/README.md says how to build one.
@Suite(.enabled(if: YAMLReader.shouldRun, YAMLReader.skipNote))
struct DeployManifestTests {
    static let deploy = UploadFixtures.repository.appendingPathComponent("deploy")

    /// Every document of every manifest listed by kustomization.yaml, by kind.
    static func manifests() async throws -> [String: JSONValue] {
        let folder = deploy.appendingPathComponent("kubernetes").path
        let kustomization = try await YAMLReader.documents([folder + "/kustomization.yaml"])
        let files = kustomization.first?["resources"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(files.count == 5, "kustomization.yaml lists \(files)")
        var byKind: [String: JSONValue] = [:]
        for document in try await YAMLReader.documents(files.map { folder + "/" + $0 }) {
            let kind = document["kind"]?.stringValue ?? "?"
            #expect(byKind[kind] == nil, "two \(kind) documents")
            byKind[kind] = document
        }
        return byKind
    }

    @Test func deploymentProbesPortsAndResources() async throws {
        let kinds = try await Self.manifests()
        let deployment = try #require(kinds["Deployment"])
        #expect(deployment["apiVersion"]?.stringValue == "apps/v1")
        let pod = try #require(deployment["spec"]?["template"]?["spec"])
        #expect(pod["securityContext"]?["runAsNonRoot"] == .bool(true))
        let container = try #require(pod["containers"]?.arrayValue?.first)
        let port = try #require(container["ports"]?.arrayValue?.first)
        #expect(port["containerPort"]?.intValue == 8080)
        let portName = port["name"]?.stringValue
        for (probe, path) in [("readinessProbe", "/readyz"), ("livenessProbe", "/healthz")] {
            let get = container[probe]?["httpGet"]
            #expect(get?["path"]?.stringValue == path, "\(probe)")
            // The probe's port is the container's, by name or by number.
            let probePort = get?["port"]
            #expect(probePort?.stringValue == portName || probePort?.intValue == 8080, "\(probe) port \(String(describing: probePort))")
        }
        for side in ["requests", "limits"] {
            #expect(container["resources"]?[side]?["cpu"] != nil, "resources.\(side).cpu")
            #expect(container["resources"]?[side]?["memory"] != nil, "resources.\(side).memory")
        }
        // The server listens on every address of the pod, on the container port, over /tables.
        let args = container["args"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Self.option("--port", in: args) == "8080")
        #expect(Self.option("--host", in: args) == "0.0.0.0")
        #expect(Self.option("--tables", in: args) == "/tables")
        // /tables is the ConfigMap of the tables, read-only.
        let mount = container["volumeMounts"]?.arrayValue?.first { $0["mountPath"]?.stringValue == "/tables" }
        #expect(mount?["readOnly"] == .bool(true))
        let volume = pod["volumes"]?.arrayValue?.first { $0["name"] == mount?["name"] }
        let configMap = try #require(kinds["ConfigMap"])
        #expect(volume?["configMap"]?["name"] != nil)
        #expect(volume?["configMap"]?["name"] == configMap["metadata"]?["name"])
        // The pods carry the labels the Deployment selects.
        let selector = try #require(deployment["spec"]?["selector"]?["matchLabels"]?.objectValue)
        let labels = deployment["spec"]?["template"]?["metadata"]?["labels"]
        for (key, value) in selector { #expect(labels?[key] == value, "label \(key)") }
    }

    /// Only labelled clients reach the pods, on the http port; nothing leaves them.
    @Test func networkPolicyLetsOnlyClientsIn() async throws {
        let kinds = try await Self.manifests()
        let deployment = try #require(kinds["Deployment"])
        let policy = try #require(kinds["NetworkPolicy"])
        #expect(policy["apiVersion"]?.stringValue == "networking.k8s.io/v1")
        let selected = try #require(policy["spec"]?["podSelector"]?["matchLabels"]?.objectValue)
        let labels = deployment["spec"]?["template"]?["metadata"]?["labels"]
        for (key, value) in selected { #expect(labels?[key] == value, "the policy selects \(key)") }
        let types = policy["spec"]?["policyTypes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Set(types) == ["Ingress", "Egress"])
        #expect(policy["spec"]?["egress"]?.arrayValue?.isEmpty == true, "no egress")
        let ingress = try #require(policy["spec"]?["ingress"]?.arrayValue)
        #expect(ingress.count == 1)
        #expect(ingress.first?["from"]?.arrayValue?.isEmpty == false, "an ingress rule without from lets everyone in")
        #expect(ingress.first?["ports"]?.arrayValue?.first?["port"]?.stringValue == "http")
    }

    /// The pod's limits fit its resources: the upload budget at about 4 bytes of memory a byte
    /// plus a baseline stays under the memory limit; the graceful shutdown ends before the
    /// kubelet's SIGKILL; connections stay below a container's 1024 open files.
    @Test func limitsFitThePod() async throws {
        let kinds = try await Self.manifests()
        let pod = try #require(kinds["Deployment"]?["spec"]?["template"]?["spec"])
        let container = try #require(pod["containers"]?.arrayValue?.first)
        let args = container["args"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let memory = try #require(container["resources"]?["limits"]?["memory"]?.stringValue)
        #expect(memory.hasSuffix("Mi"))
        let mebibytes = Int(memory.dropLast(2)) ?? 0
        let budget = Int(Self.option("--upload-budget-bytes", in: args) ?? "") ?? ServiceLimits().uploadBudgetBytes
        #expect(budget * 9 / 2 + (128 << 20) <= mebibytes << 20, "upload budget \(budget) in \(memory)")
        let grace = Int(Self.option("--shutdown-grace-s", in: args) ?? "") ?? 20
        #expect(grace + 2 < (pod["terminationGracePeriodSeconds"]?.intValue ?? 30))
        let connections = Int(Self.option("--max-connections", in: args) ?? "") ?? ServiceLimits().maxConnections
        #expect(connections + ServiceLimits.reservedFiles <= 1_024)
        #expect(ServiceLimits().problems(fileLimit: 1_024).isEmpty, "the defaults fit a container's 1024 open files")
    }

    @Test func serviceTargetsTheContainerPort() async throws {
        let kinds = try await Self.manifests()
        let deployment = try #require(kinds["Deployment"])
        let service = try #require(kinds["Service"])
        let container = deployment["spec"]?["template"]?["spec"]?["containers"]?.arrayValue?.first
        let port = try #require(container?["ports"]?.arrayValue?.first)
        let target = try #require(service["spec"]?["ports"]?.arrayValue?.first?["targetPort"])
        #expect(target.stringValue == port["name"]?.stringValue || target.intValue == port["containerPort"]?.intValue)
        #expect(target.stringValue != nil || target.intValue != nil)
        let selector = try #require(service["spec"]?["selector"]?.objectValue)
        let labels = deployment["spec"]?["template"]?["metadata"]?["labels"]
        #expect(!selector.isEmpty)
        for (key, value) in selector { #expect(labels?[key] == value, "Service selects \(key)") }
    }

    @Test func autoscalerScalesTheDeploymentOnCPU() async throws {
        let kinds = try await Self.manifests()
        let deployment = try #require(kinds["Deployment"])
        let hpa = try #require(kinds["HorizontalPodAutoscaler"])
        #expect(hpa["apiVersion"]?.stringValue == "autoscaling/v2")
        let target = hpa["spec"]?["scaleTargetRef"]
        #expect(target?["kind"]?.stringValue == "Deployment")
        #expect(target?["name"] != nil)
        #expect(target?["name"] == deployment["metadata"]?["name"])
        let cpu = hpa["spec"]?["metrics"]?.arrayValue?.first { $0["resource"]?["name"]?.stringValue == "cpu" }
        #expect(cpu?["resource"]?["target"]?["type"]?.stringValue == "Utilization")
        #expect((cpu?["resource"]?["target"]?["averageUtilization"]?.intValue ?? 0) > 0)
        let low = hpa["spec"]?["minReplicas"]?.intValue ?? 0
        let high = hpa["spec"]?["maxReplicas"]?.intValue ?? 0
        #expect(low >= 1 && high > low)
    }

    /// The ConfigMap's tables are String Catalogs `herald validate` passes.
    @Test func configMapTablesValidate() async throws {
        let kinds = try await Self.manifests()
        let data = try #require(kinds["ConfigMap"]?["data"]?.objectValue)
        #expect(!data.isEmpty)
        let folder = try TemporaryFolder("herald-deploy-tables")
        for (name, value) in data {
            #expect(name.hasSuffix(".xcstrings") && !name.contains("/"), "\(name)")
            try folder.write(value.stringValue ?? "", to: name)
        }
        let result = try await UploadFixtures.heraldValidate(["--strict", folder.path], in: folder.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }

    /// The Containerfile: a build stage with the Swift toolchain making the three release
    /// binaries, a Debian runtime with ICU 72 and SQLite, a user that is not root, and the
    /// same command and port as the Deployment.
    @Test func containerfile() async throws {
        let text = try String(contentsOf: Self.deploy.appendingPathComponent("Containerfile"), encoding: .utf8)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        let froms = lines.filter { $0.hasPrefix("FROM ") }
        #expect(froms.count == 2, "\(froms)")
        #expect(froms.first?.hasSuffix(" AS build") == true)
        #expect(text.contains("ARG SWIFT_IMAGE=swift:"))
        for product in ["herald", "herald-server", "herald-net"] {
            #expect(text.contains("swift build -c release --static-swift-stdlib --product \(product) "), "\(product)")
            #expect(text.contains("/out/\(product)"), "\(product) copied to the runtime")
        }
        let runtime = text.components(separatedBy: "FROM ${RUNTIME_IMAGE}").last ?? ""
        #expect(runtime.contains("libicu72") && runtime.contains("libsqlite3-0"))
        let user = lines.last { $0.hasPrefix("USER ") }.map { String($0.dropFirst(5)) } ?? "root"
        #expect(!user.hasPrefix("root") && !user.hasPrefix("0"), "USER \(user)")
        #expect(lines.contains("EXPOSE 8080"))
        let command = try #require(lines.last { $0.hasPrefix("CMD ") })
        let cmd = try JSONParser.parse(bytes: Array(command.dropFirst(4).utf8)).arrayValue?.compactMap(\.stringValue)
        let kinds = try await Self.manifests()
        let args = kinds["Deployment"]?["spec"]?["template"]?["spec"]?["containers"]?.arrayValue?.first?["args"]?.arrayValue?
            .compactMap(\.stringValue)
        #expect(cmd == args)
        #expect(lines.contains("ENTRYPOINT [\"herald\"]"))
    }

    static func option(_ name: String, in args: [String]) -> String? {
        guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
        return args[i + 1]
    }
}

/// YAML read by PyYAML (safe_load_all) and handed over as JSON.
enum YAMLReader {
    static let script = """
        import json, sys, yaml
        out = []
        for path in sys.argv[1:]:
            with open(path, encoding="utf-8") as f:
                out += [d for d in yaml.safe_load_all(f) if d is not None]
        print(json.dumps(out))
        """

    static let available = ExternalTool.pythonHas("yaml")

    /// Run when PyYAML is there, and always under CI (where its absence fails).
    static var shouldRun: Bool { ExternalTool.shouldRun(available) }
    static let skipNote: Comment = "deploy/ checks skipped: python3's yaml is not installed (apt-get install python3-yaml; CI=1 makes them required)"

    static func documents(_ files: [String]) async throws -> [JSONValue] {
        if !available { Issue.record("CI is set but python3's yaml is missing: .ci/run installs python3-yaml") }
        let result = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + files)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONParser.parse(bytes: Array(result.stdoutData)).arrayValue ?? []
    }
}
