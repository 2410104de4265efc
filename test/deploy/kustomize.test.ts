import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const k8sDir = fileURLToPath(new URL("../../deploy/k8s/", import.meta.url));
const COMPONENTS = ["gateway", "auth", "secure", "govern"] as const;
const SERVICES = ["auth", "secure", "govern"] as const;

// Only the fields of the rendered manifests that the assertions read.
interface SecurityContext {
  runAsNonRoot?: boolean;
  runAsUser?: number;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  privileged?: boolean;
  capabilities?: { drop?: string[]; add?: string[] };
  seccompProfile?: { type: string };
}
interface Probe {
  httpGet?: { path: string; port: string | number };
  grpc?: { port: number; service?: string };
  tcpSocket?: { port: string | number };
}
interface SecretEnv {
  name: string;
  valueFrom: { secretKeyRef: { name: string; key: string; optional?: boolean } };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  ports?: Array<{ name: string; containerPort: number }>;
  env?: SecretEnv[];
  envFrom?: unknown[];
  securityContext?: SecurityContext;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe & { failureThreshold?: number; periodSeconds?: number };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}
interface PodSpec {
  serviceAccountName?: string;
  automountServiceAccountToken?: boolean;
  securityContext?: SecurityContext;
  containers: Container[];
  initContainers?: Container[];
  volumes?: Array<{ name: string; emptyDir?: object }>;
}
interface Manifest {
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  automountServiceAccountToken?: boolean;
  data?: Record<string, string>;
  spec?: {
    replicas?: number;
    template?: { metadata: { labels: Record<string, string> }; spec: PodSpec };
    ports?: Array<{ name: string; port: number; appProtocol?: string }>;
    minAvailable?: number;
    minReplicas?: number;
    scaleTargetRef?: object;
    podSelector?: object;
    policyTypes?: string[];
    ingress?: Array<{ from?: Array<{ podSelector?: object; namespaceSelector?: object }>; ports?: object[] }>;
    egress?: Array<{ to?: object[]; ports?: object[] }>;
  };
}

function hasKubectl(): boolean {
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Renders an overlay with `kubectl kustomize`, then turns the YAML into JSON
 * with `kubectl label --local`, which works without a cluster (KUBECONFIG
 * points nowhere, so nothing is ever contacted).
 */
function render(overlay: string): Manifest[] {
  const env = { ...process.env, KUBECONFIG: "/dev/null" };
  const yaml = execFileSync("kubectl", ["kustomize", `${k8sDir}overlays/${overlay}`], { env, encoding: "utf8" });
  const json = execFileSync("kubectl", ["label", "--local", "-f", "-", "-o", "json", "gatehouse-render-"], {
    env,
    input: yaml,
    encoding: "utf8",
  });
  // One pretty-printed object after another: top-level objects close on a bare "}" line.
  return json
    .split(/^}$/m)
    .filter((chunk) => chunk.trim() !== "")
    .map((chunk) => JSON.parse(`${chunk}}`) as Manifest);
}

const of = (docs: Manifest[], kind: string) => docs.filter((d) => d.kind === kind);
function named(docs: Manifest[], kind: string, name: string): Manifest {
  const found = docs.find((d) => d.kind === kind && d.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
}
function podOf(deployment: Manifest): PodSpec {
  const pod = deployment.spec?.template?.spec;
  if (!pod) throw new Error(`Deployment ${deployment.metadata.name} has no pod template`);
  return pod;
}
const mainContainer = (docs: Manifest[], name: string) => podOf(named(docs, "Deployment", name)).containers[0]!;

// kubectl comes with this machine kind, so CI must have it; elsewhere it may be missing.
const kubectl = hasKubectl();
if (!kubectl && process.env.CI) throw new Error("kubectl is required to check deploy/k8s under CI");

describe.skipIf(!kubectl).each(["production", "dev"])("kustomize overlay %s", (overlay) => {
  let docs: Manifest[] = [];
  let deployments: Manifest[] = [];
  beforeAll(() => {
    docs = render(overlay);
    deployments = of(docs, "Deployment");
  });

  it("has a Deployment, Service and ServiceAccount per component and no Secret", () => {
    for (const c of COMPONENTS) {
      named(docs, "Deployment", c);
      named(docs, "Service", c);
      expect(named(docs, "ServiceAccount", c).automountServiceAccountToken).toBe(false);
    }
    expect(deployments).toHaveLength(COMPONENTS.length);
    expect(of(docs, "Secret")).toEqual([]);
  });

  it("runs every container hardened, with resources and probes", () => {
    for (const d of deployments) {
      const pod = podOf(d);
      const name = d.metadata.name;
      expect(pod.automountServiceAccountToken, name).toBe(false);
      expect(pod.serviceAccountName, name).toBe(name);
      expect(pod.securityContext?.runAsNonRoot, name).toBe(true);
      expect(pod.securityContext?.runAsUser, name).toBeGreaterThan(0);
      expect(pod.securityContext?.seccompProfile?.type, name).toBe("RuntimeDefault");
      expect(pod.volumes?.find((v) => v.name === "tmp")?.emptyDir, name).toBeDefined();
      for (const c of [...pod.containers, ...(pod.initContainers ?? [])]) {
        const sc = c.securityContext ?? {};
        const where = `${name}/${c.name}`;
        expect(sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot, where).toBe(true);
        expect(sc.readOnlyRootFilesystem, where).toBe(true);
        expect(sc.allowPrivilegeEscalation, where).toBe(false);
        expect(sc.privileged ?? false, where).toBe(false);
        expect(sc.capabilities?.drop, where).toContain("ALL");
        expect(sc.capabilities?.add ?? [], where).toEqual([]);
        for (const kind of ["requests", "limits"] as const) {
          expect(c.resources?.[kind]?.cpu, `${where} ${kind}.cpu`).toBeDefined();
          expect(c.resources?.[kind]?.memory, `${where} ${kind}.memory`).toBeDefined();
        }
        expect(c.livenessProbe, `${where} liveness`).toBeDefined();
        expect(c.readinessProbe, `${where} readiness`).toBeDefined();
        expect(c.volumeMounts?.find((m) => m.mountPath === "/tmp")?.name, where).toBe("tmp");
        expect(c.image, where).toMatch(/^gatehouse:/);
        expect(c.args, where).toEqual(["serve", name]);
      }
    }
  });

  it("probes the gateway over HTTP and the services with gRPC health", () => {
    const gateway = mainContainer(docs, "gateway");
    expect(gateway.livenessProbe?.httpGet).toMatchObject({ path: "/healthz", port: "http" });
    expect(gateway.readinessProbe?.httpGet).toMatchObject({ path: "/readyz", port: "http" });
    expect(gateway.ports).toContainEqual({ name: "http", containerPort: 8080 });
    for (const s of SERVICES) {
      const c = mainContainer(docs, s);
      expect(c.readinessProbe?.grpc, s).toEqual({ port: 50051 });
      expect(c.livenessProbe?.tcpSocket ?? c.livenessProbe?.grpc, s).toBeDefined();
      expect(c.ports, s).toContainEqual({ name: "grpc", containerPort: 50051 });
      expect(named(docs, "Service", s).spec?.ports?.[0]).toMatchObject({ port: 50051, appProtocol: "kubernetes.io/h2c" });
    }
  });

  it("configures from one ConfigMap and the `gatehouse` Secret", () => {
    const configs = of(docs, "ConfigMap");
    expect(configs).toHaveLength(1);
    const config = configs[0]!;
    expect(config.data).toMatchObject({
      GATEHOUSE_HTTP_PORT: "8080",
      GATEHOUSE_GRPC_PORT: "50051",
      GATEHOUSE_AUTH_URL: "http://auth:50051",
      GATEHOUSE_SECURE_URL: "http://secure:50051",
      GATEHOUSE_GOVERN_URL: "http://govern:50051",
    });
    expect(config.data?.GATEHOUSE_LOG_LEVEL).toMatch(/^(info|debug)$/);
    for (const d of deployments) {
      expect(podOf(d).containers[0]!.envFrom).toEqual([{ configMapRef: { name: config.metadata.name } }]);
    }
    const secretsOf = (name: string) =>
      Object.fromEntries(
        (mainContainer(docs, name).env ?? []).map((e) => {
          expect(e.valueFrom.secretKeyRef).toMatchObject({ name: "gatehouse", key: e.name });
          return [e.name, e.valueFrom.secretKeyRef.optional === true ? "optional" : "required"];
        }),
      );
    // Components run as separate processes, so each presents and checks the internal secret.
    const internal = { GATEHOUSE_INTERNAL_SECRETS: "required" };
    expect(secretsOf("gateway")).toEqual(internal);
    expect(secretsOf("auth")).toEqual({
      ...internal,
      GATEHOUSE_MONGODB_URI: "required",
      GATEHOUSE_NATS_URL: "required",
      GATEHOUSE_BOOTSTRAP_KEY: "required",
      GATEHOUSE_SIGNING_KEY: "optional",
      GATEHOUSE_ENCRYPTION_KEY: "optional",
    });
    // Every component that emits or consumes events gets the bus: auth (key
    // revocations drop other replicas' cached keys), secure (rule changes drop
    // other replicas' scan plans) and govern (decisions wake waiters).
    expect(secretsOf("secure")).toEqual({ ...internal, GATEHOUSE_MONGODB_URI: "required", GATEHOUSE_NATS_URL: "required" });
    // The secrets auth and govern store (a generated signing key, webhook signing secrets) are sealed with it when it is set.
    expect(secretsOf("govern")).toEqual({ ...internal, GATEHOUSE_MONGODB_URI: "required", GATEHOUSE_NATS_URL: "required", GATEHOUSE_ENCRYPTION_KEY: "optional" });
  });

  it("gives every process time to wait for its dependencies at start before liveness applies", () => {
    for (const c of COMPONENTS) {
      const probe = mainContainer(docs, c).startupProbe;
      expect(probe, c).toBeDefined();
      expect((probe!.failureThreshold ?? 3) * (probe!.periodSeconds ?? 10), c).toBeGreaterThanOrEqual(120);
    }
  });

  it("lets the components that use the bus reach NATS, and only them", () => {
    const egressPorts = (name: string) =>
      (named(docs, "NetworkPolicy", name).spec?.egress ?? []).flatMap((rule) => (rule.ports ?? []).map((p) => (p as { port: number }).port));
    for (const s of ["auth", "secure", "govern"]) expect(egressPorts(s), s).toContain(4222);
    expect(egressPorts("gateway")).not.toContain(4222);
  });

  it("lets govern, and only govern, reach public addresses on 443 for webhooks", () => {
    type Peer = { ipBlock?: { cidr: string; except?: string[] } };
    const httpsPeers = (name: string) =>
      (named(docs, "NetworkPolicy", name).spec?.egress ?? [])
        .filter((rule) => (rule.ports ?? []).some((p) => (p as { port: number }).port === 443))
        .flatMap((rule) => (rule.to ?? []) as Peer[]);
    const peers = httpsPeers("govern");
    const v4 = peers.find((p) => p.ipBlock?.cidr === "0.0.0.0/0")?.ipBlock;
    const v6 = peers.find((p) => p.ipBlock?.cidr === "::/0")?.ipBlock;
    expect(v4?.except).toEqual(expect.arrayContaining(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16", "100.64.0.0/10"]));
    expect(v6?.except).toEqual(expect.arrayContaining(["::1/128", "fc00::/7", "fe80::/10", "::ffff:0:0/96"]));
    expect(peers).toHaveLength(2);
    for (const other of ["gateway", "auth", "secure"]) expect(httpsPeers(other), other).toEqual([]);
  });

  it("opens exactly the service-to-service calls: govern → auth and secure, secure → auth", () => {
    type Selector = { matchLabels?: Record<string, string>; matchExpressions?: { key: string; operator: string; values: string[] }[] };
    const names = (sel: Selector | undefined) => [
      ...Object.entries(sel?.matchLabels ?? {}).filter(([k]) => k === "app.kubernetes.io/name").map(([, v]) => v),
      ...(sel?.matchExpressions ?? []).filter((e) => e.key === "app.kubernetes.io/name" && e.operator === "In").flatMap((e) => e.values),
    ];
    const grpcPeers = (name: string, dir: "ingress" | "egress") =>
      (named(docs, "NetworkPolicy", name).spec?.[dir] ?? [])
        .filter((rule) => (rule.ports ?? []).some((p) => (p as { port: number }).port === 50051))
        .flatMap((rule) => ((dir === "ingress" ? (rule as { from?: object[] }).from : (rule as { to?: object[] }).to) ?? []) as { podSelector?: Selector }[])
        .flatMap((peer) => names(peer.podSelector))
        .sort();
    expect(grpcPeers("govern", "egress")).toEqual(["auth", "secure"]);
    expect(grpcPeers("secure", "egress")).toEqual(["auth"]);
    expect(grpcPeers("auth", "egress")).toEqual([]);
    expect(grpcPeers("secure", "ingress")).toEqual(["gateway", "govern"]);
    expect(grpcPeers("auth", "ingress")).toEqual(["gateway", "govern", "secure"]);
    expect(grpcPeers("govern", "ingress")).toEqual(["gateway"]);
  });

  it("closes the service ports with default-deny network policies, in every overlay", () => {
    expect(named(docs, "NetworkPolicy", "gatehouse-default-deny").spec).toEqual({
      podSelector: { matchLabels: { "app.kubernetes.io/part-of": "gatehouse" } },
      policyTypes: ["Ingress", "Egress"],
    });
    for (const s of SERVICES) {
      const ingress = named(docs, "NetworkPolicy", s).spec?.ingress ?? [];
      expect(ingress, s).toHaveLength(1);
      expect(ingress[0]!.ports, s).toEqual([{ protocol: "TCP", port: 50051 }]);
      const from = ingress[0]!.from ?? [];
      expect(from.length, s).toBeGreaterThan(0);
      // Every peer is named: no rule opens the port to all pods.
      for (const peer of from) expect(peer.podSelector, s).toBeDefined();
    }
    for (const d of deployments) {
      expect(d.spec?.template?.metadata.labels["app.kubernetes.io/part-of"], d.metadata.name).toBe("gatehouse");
    }
  });

  if (overlay === "production") {
    it("runs two or more replicas of everything, with budgets and autoscalers", () => {
      for (const d of deployments) expect(d.spec?.replicas, d.metadata.name).toBeGreaterThanOrEqual(2);
      for (const c of COMPONENTS) {
        expect(named(docs, "PodDisruptionBudget", c).spec?.minAvailable).toBe(1);
        const hpa = named(docs, "HorizontalPodAutoscaler", c);
        expect(hpa.spec?.minReplicas).toBeGreaterThanOrEqual(2);
        expect(hpa.spec?.scaleTargetRef).toEqual({ apiVersion: "apps/v1", kind: "Deployment", name: c });
        named(docs, "NetworkPolicy", c);
      }
    });
  } else {
    it("runs one replica of everything", () => {
      for (const d of deployments) expect(d.spec?.replicas, d.metadata.name).toBe(1);
    });
  }
});
