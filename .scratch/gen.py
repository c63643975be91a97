import json, uuid

def fmt(v, indent=0):
    pad = '  ' * indent
    one = json.dumps(v, ensure_ascii=False)
    if not isinstance(v, (dict, list)) or (len(one) + len(pad) <= 100 and (isinstance(v, list) and all(not isinstance(x, (dict, list)) or (isinstance(x, dict) and all(not isinstance(y,(dict,list)) for y in x.values())) for x in v) or isinstance(v, dict) and all(not isinstance(y,(dict,list)) for y in v.values()) and len(v) <= 3)):
        return one
    inner = '  ' * (indent + 1)
    if isinstance(v, list):
        if not v: return '[]'
        return '[\n' + ',\n'.join(inner + fmt(x, indent + 1) for x in v) + '\n' + pad + ']'
    if not v: return '{}'
    return '{\n' + ',\n'.join(inner + json.dumps(k) + ': ' + fmt(x, indent + 1) for k, x in v.items()) + '\n' + pad + '}'

U = lambda: str(uuid.uuid4())

providers = [
  {"name": "AIS", "smdpAddress": "smdp.ais-esim.th.example", "iccidIssuer": "6603", "iccidLength": 19, "withPhoneNumber": True},
  {"name": "TrueMove H", "smdpAddress": "rsp.truemoveh-esim.th.example", "iccidIssuer": "6604", "iccidLength": 20, "withPhoneNumber": True},
  {"name": "dtac", "smdpAddress": "esim-smdp.dtac.th.example", "iccidIssuer": "6605", "iccidLength": 19, "withPhoneNumber": True},
  {"name": "AsiaLink Roaming", "smdpAddress": "smdp.asialink-roaming.sg.example", "iccidIssuer": "6521", "iccidLength": 20, "withPhoneNumber": False},
  {"name": "GlobeRoam", "smdpAddress": "rsp.globeroam.example", "iccidIssuer": "88234", "iccidLength": 19, "withPhoneNumber": False},
]

ASIA8 = ["TH","JP","KR","SG","MY","ID","VN","PH"]
ASIA13 = ASIA8 + ["TW","HK","MO","KH","LA"]
EU33 = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IS IE IT LV LI LT LU MT NL NO PL PT RO SK SI ES SE CH GB TR".split()
GLOBAL40 = EU33 + ["US","CA","JP","KR","SG","AU","TH"]

def tiers(retail, factors=(0.78, 0.74, 0.70, 0.66), mins=(0, 100, 500, 2000)):
    return [{"minTrailingYearQty": m, "unitPriceThb": round(retail * f)} for m, f in zip(mins, factors)]

# sku, name, provider, region, countries, dataGb, days, network, retail, promo(label, features) or None/'null'
P = [
 ("TH-AIS-15GB-8D", "AIS Thailand 15GB 8 Days", "AIS", "Thailand", ["TH"], 15, 8, "AIS 5G/4G", 299, ("Best seller", ["Thai phone number included", "Free incoming calls", "5G where available"])),
 ("TH-AIS-30GB-15D", "AIS Thailand 30GB 15 Days", "AIS", "Thailand", ["TH"], 30, 15, "AIS 5G/4G", 499, None),
 ("TH-AIS-UNL-10D", "AIS Thailand Unlimited 10 Days", "AIS", "Thailand", ["TH"], None, 10, "AIS 5G/4G", 699, ("Unlimited", ["Unlimited data at full speed", "Thai phone number included"])),
 ("TH-TRUE-8GB-8D", "TrueMove H Tourist 8GB 8 Days", "TrueMove H", "Thailand", ["TH"], 8, 8, "TrueMove H 5G/4G", 249, "null"),
 ("TH-TRUE-50GB-30D", "TrueMove H Tourist 50GB 30 Days", "TrueMove H", "Thailand", ["TH"], 50, 30, "TrueMove H 5G/4G", 799, None),
 ("TH-DTAC-15GB-8D", "dtac Happy Tourist 15GB 8 Days", "dtac", "Thailand", ["TH"], 15, 8, "dtac 4G", 299, "null"),
 ("TH-DTAC-30GB-15D", "dtac Happy Tourist 30GB 15 Days", "dtac", "Thailand", ["TH"], 30, 15, "dtac 4G", 449, None),
 ("TH-DTAC-4GB-7D", "dtac Happy Tourist 4GB 7 Days", "dtac", "Thailand", ["TH"], 4, 7, "dtac 4G", 199, None),
 ("JP-ASL-5GB-7D", "Japan 5GB 7 Days", "AsiaLink Roaming", "Japan", ["JP"], 5, 7, "SoftBank/KDDI 4G", 390, None),
 ("JP-ASL-10GB-15D", "Japan 10GB 15 Days", "AsiaLink Roaming", "Japan", ["JP"], 10, 15, "SoftBank/KDDI 5G/4G", 590, ("New", ["5G on SoftBank", "Hotspot allowed"])),
 ("JP-ASL-20GB-30D", "Japan 20GB 30 Days", "AsiaLink Roaming", "Japan", ["JP"], 20, 30, "SoftBank/KDDI 5G/4G", 890, None),
 ("KR-ASL-5GB-7D", "South Korea 5GB 7 Days", "AsiaLink Roaming", "South Korea", ["KR"], 5, 7, "SK Telecom 4G", 350, "null"),
 ("KR-ASL-10GB-15D", "South Korea 10GB 15 Days", "AsiaLink Roaming", "South Korea", ["KR"], 10, 15, "SK Telecom/KT 5G/4G", 550, None),
 ("SG-ASL-5GB-7D", "Singapore 5GB 7 Days", "AsiaLink Roaming", "Singapore", ["SG"], 5, 7, "Singtel 4G", 320, None),
 ("SG-ASL-15GB-15D", "Singapore 15GB 15 Days", "AsiaLink Roaming", "Singapore", ["SG"], 15, 15, "Singtel/StarHub 5G/4G", 590, None),
 ("ASIA-ASL-8C-6GB-8D", "Asia 8 Countries 6GB 8 Days", "AsiaLink Roaming", "Asia", ASIA8, 6, 8, "partner networks 4G", 490, None),
 ("ASIA-ASL-13C-10GB-15D", "Asia 13 Countries 10GB 15 Days", "AsiaLink Roaming", "Asia", ASIA13, 10, 15, "partner networks 5G/4G", 790, ("Save 15%", ["One eSIM for 13 destinations", "Hotspot allowed"])),
 ("ASIA-ASL-13C-20GB-30D", "Asia 13 Countries 20GB 30 Days", "AsiaLink Roaming", "Asia", ASIA13, 20, 30, "partner networks 5G/4G", 1190, None),
 ("EU-GLR-33C-10GB-15D", "Europe 33 Countries 10GB 15 Days", "GlobeRoam", "Europe", EU33, 10, 15, "partner networks 5G/4G", 690, "null"),
 ("EU-GLR-33C-20GB-30D", "Europe 33 Countries 20GB 30 Days", "GlobeRoam", "Europe", EU33, 20, 30, "partner networks 5G/4G", 1090, ("Summer deal", ["Includes UK, Switzerland and Turkey", "Hotspot allowed"])),
 ("US-GLR-10GB-15D", "USA 10GB 15 Days", "GlobeRoam", "USA", ["US"], 10, 15, "T-Mobile 5G/4G", 790, None),
 ("US-GLR-20GB-30D", "USA 20GB 30 Days", "GlobeRoam", "USA", ["US"], 20, 30, "T-Mobile/AT&T 5G/4G", 1190, None),
 ("GLOBAL-GLR-5GB-15D", "Global 5GB 15 Days", "GlobeRoam", "Global", None, 5, 15, None, 1290, None),
 ("GLOBAL-GLR-40C-10GB-30D", "Global 40 Countries 10GB 30 Days", "GlobeRoam", "Global", GLOBAL40, 10, 30, "partner networks 5G/4G", 2190, ("Best value", ["Europe, North America and Asia-Pacific", "Hotspot allowed"])),
]

products = []
ids = {}
for sku, name, prov, region, countries, gb, days, net, retail, promo in P:
    pid = U(); ids[sku] = pid
    data = "unlimited data" if gb is None else f"{gb} GB of data"
    where = {"Thailand": "in Thailand", "Global": "across 40 countries in Europe, North America and Asia-Pacific", "USA": "in the USA", "Asia": f"across {len(countries or [])} Asian countries", "Europe": f"across {len(countries or [])} European countries"}.get(region, f"in {region}")
    extra = ", with a Thai phone number" if prov in ("AIS", "TrueMove H", "dtac") else ", data only"
    desc = f"{data[0].upper() + data[1:]} for {days} days {where} on {net or 'partner networks'}{extra}. Activates on first connection."
    if countries is None:
        desc = f"5 GB of data for 15 days in over 100 countries, data only. Coverage list in the partner console."
    p = {"id": pid, "name": name, "description": desc, "provider": prov, "sku": sku, "retailPriceThb": retail}
    if countries is not None:
        p["metadata"] = {"region": region, "countries": countries, "dataGb": gb, "validityDays": days, "network": net}
    if promo == "null":
        p["promotionLabel"] = None
    elif promo:
        p["promotionLabel"] = promo[0]; p["promotionFeatures"] = promo[1]
    if sku == "TH-DTAC-4GB-7D":
        p["active"] = False
    p["tiers"] = tiers(retail) if sku != "GLOBAL-GLR-5GB-15D" else tiers(retail)[:3]
    p["inventory"] = 5000
    products.append(p)

catalog = {"$schema": "../scenario.schema.json", "description": "Providers and the product catalog every built-in scenario starts from: Thai voice plans (AIS, TrueMove H, dtac) and regional data plans; one inactive product (TH-DTAC-4GB-7D).", "providers": providers, "products": products}

main_id, pending_id = U(), U()
accounts = [
  {"id": main_id, "name": "Siam Journey Travel Co., Ltd.", "kyc": "approved", "trailingYearQtyBaseline": 0,
   "tierOverrides": {ids["JP-ASL-10GB-15D"]: [{"minTrailingYearQty": 0, "unitPriceThb": 429}, {"minTrailingYearQty": 500, "unitPriceThb": 399}]}},
  {"id": pending_id, "name": "Lanna Backpackers Hub", "kyc": "pending", "trailingYearQtyBaseline": 0},
]
ALL = ["balance:read", "products:read", "payments:read", "orders:write", "orders:read"]
READ = [s for s in ALL if s.endswith(':read')]
keys = [
  {"key": "sk_test_full_access", "accountId": main_id, "scopes": ALL},
  {"key": "sk_test_read_only", "accountId": main_id, "scopes": READ},
  {"key": "sk_test_kyc_pending", "accountId": pending_id, "scopes": ALL},
  {"key": "sk_test_revoked", "accountId": main_id, "scopes": ALL, "revoked": True},
]
pay = [("2025-08-04T03:12:45.000Z", 20000, "promptpay"), ("2025-09-02T07:41:10.000Z", 15000, "card"),
       ("2025-09-29T02:05:33.000Z", 25000, "kplus"), ("2025-10-21T10:18:02.000Z", 10000, "truemoney"),
       ("2025-11-03T04:27:51.000Z", 30000, "promptpay"), ("2025-11-28T08:55:19.000Z", 12000, "scb_easy"),
       ("2025-12-16T06:30:00.000Z", 18000, "bbl_deeplink"), ("2026-01-08T01:47:26.000Z", 20000, "card")]
payments = [{"id": U(), "accountId": main_id, "merchantOrderId": f"TOPUP-{d[:10].replace('-', '')}-0001", "amountThb": a, "paymentMethod": m, "status": "success", "createdAt": d} for d, a, m in pay]
ords = [("TH-AIS-15GB-8D", 10, "web", "2025-04-18T05:20:11.000Z"), ("JP-ASL-10GB-15D", 25, "api", "2025-09-10T09:02:47.000Z"),
        ("KR-ASL-5GB-7D", 5, "api", "2025-11-12T03:44:05.000Z"), ("EU-GLR-33C-10GB-15D", 40, "web", "2025-12-19T11:15:38.000Z")]
orders = [{"id": U(), "accountId": main_id, "productId": ids[s], "quantity": q, "orderSource": src, "status": "confirmed", "createdAt": d} for s, q, src, d in ords]
partner = {"$schema": "../scenario.schema.json", "description": "The main partner account (Siam Journey Travel, KYC approved, funded with 150,000 THB of topups, 4 past orders), a KYC-pending account, and the four test API keys.", "accounts": accounts, "apiKeys": keys, "payments": payments, "orders": orders}

open('seeds/catalog.json', 'w').write(fmt(catalog) + '\n')
open('seeds/partner-account.json', 'w').write(fmt(partner) + '\n')
