// Written by `npm run openapi` (scripts/openapi-examples.ts) from the answers of fresh sandboxes, seed 1:
// do not edit. test/openapi/examples.test.ts records them again and fails when this file is out of date.
import type { RecordedExamples } from './openapi-types.js';

export const RECORDED_EXAMPLES: RecordedExamples = {
  "parameters": {
    "limit": 2,
    "includeQrImages": "false",
    "purchaseOrderId": "6bd02e5b-9a1f-49d6-b84c-dbd4d051dcb4"
  },
  "requestBodies": {
    "CreateOrder": {
      "productId": "efd8480e-2903-458b-8ce3-156f0418df70",
      "quantity": 1,
      "idempotencyKey": "partner-order-10001"
    }
  },
  "successes": {
    "getBalance": {
      "success": true,
      "data": {
        "accountId": "8d4b3cde-a72c-4320-bde3-f1a196918388",
        "totalTopupsThb": 150000,
        "totalPurchasesThb": 35940,
        "balanceThb": 114060
      }
    },
    "getProducts": {
      "success": true,
      "data": [
        {
          "id": "efd8480e-2903-458b-8ce3-156f0418df70",
          "name": "AIS Thailand 15GB 8 Days",
          "description": "15 GB of data for 8 days in Thailand on AIS 5G/4G, with a Thai phone number. Activates on first connection.",
          "provider": "AIS",
          "sku": "TH-AIS-15GB-8D",
          "retailPriceThb": 299,
          "metadata": {
            "region": "Thailand",
            "countries": [
              "TH"
            ],
            "dataGb": 15,
            "validityDays": 8,
            "network": "AIS 5G/4G"
          },
          "promotionLabel": "Best seller",
          "promotionFeatures": [
            "Thai phone number included",
            "Free incoming calls",
            "5G where available"
          ],
          "currentUnitPriceThb": 233,
          "activeTierMinTrailingYearQty": 0
        },
        {
          "id": "331f4b28-d8a8-45e6-b354-3c5199997149",
          "name": "AIS Thailand 30GB 15 Days",
          "description": "30 GB of data for 15 days in Thailand on AIS 5G/4G, with a Thai phone number. Activates on first connection.",
          "provider": "AIS",
          "sku": "TH-AIS-30GB-15D",
          "retailPriceThb": 499,
          "metadata": {
            "region": "Thailand",
            "countries": [
              "TH"
            ],
            "dataGb": 30,
            "validityDays": 15,
            "network": "AIS 5G/4G"
          },
          "currentUnitPriceThb": 389,
          "activeTierMinTrailingYearQty": 0
        }
      ]
    },
    "getPaymentHistory": {
      "success": true,
      "data": [
        {
          "id": "ff2dcb88-ccdb-44e5-add8-051a1532b98f",
          "merchantOrderId": "TOPUP-20260108-0001",
          "amountThb": 20781.1,
          "baseAmountThb": 20000,
          "processingFeeThb": 730,
          "vatThb": 51.1,
          "walletCreditThb": 20000,
          "status": "success",
          "paymentMethod": "card",
          "paidAt": "2026-01-08T01:47:26.000Z",
          "createdAt": "2026-01-08T01:47:26.000Z"
        },
        {
          "id": "d749717c-c32b-4520-af1d-302477f67fe7",
          "merchantOrderId": "TOPUP-20251216-0001",
          "amountThb": 18288.9,
          "baseAmountThb": 18000,
          "processingFeeThb": 270,
          "vatThb": 18.9,
          "walletCreditThb": 18000,
          "status": "success",
          "paymentMethod": "bbl_deeplink",
          "paidAt": "2025-12-16T06:30:00.000Z",
          "createdAt": "2025-12-16T06:30:00.000Z"
        }
      ]
    },
    "createOrder": {
      "success": true,
      "data": {
        "purchaseOrderId": "264985fc-e796-4483-9380-7fd1a315a80d",
        "reused": false,
        "unitPriceThb": 233,
        "totalPriceThb": 233,
        "quantity": 1,
        "items": [
          {
            "sequenceNo": 1,
            "status": "provisioned",
            "provider": "AIS",
            "iccid": "8966030004753190107",
            "phone": "+66850689434",
            "activationCode": "LPA:1$smdp.ais-esim.th.example$5G-CTRAB-DBFVS9C5-V5BD5",
            "smdpAddress": "smdp.ais-esim.th.example",
            "qrCode": "LPA:1$smdp.ais-esim.th.example$5G-CTRAB-DBFVS9C5-V5BD5"
          }
        ]
      }
    },
    "getOrderStatus": {
      "success": true,
      "data": {
        "id": "6bd02e5b-9a1f-49d6-b84c-dbd4d051dcb4",
        "status": "confirmed",
        "orderSource": "api",
        "quantity": 5,
        "unitPriceThb": 273,
        "totalPriceThb": 1365,
        "createdAt": "2025-11-12T03:44:05.000Z",
        "product": {
          "name": "South Korea 5GB 7 Days",
          "sku": "KR-ASL-5GB-7D"
        },
        "items": [
          {
            "id": "f6e37d97-8973-4120-88d5-1696cfdb7a0f",
            "sequenceNo": 1,
            "status": "provisioned",
            "provider": "AsiaLink Roaming",
            "iccid": "89652100008197980257",
            "phone": null,
            "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$G2-W9HR6-W0QZ8G38-AHD2C",
            "smdpAddress": "smdp.asialink-roaming.sg.example",
            "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$G2-W9HR6-W0QZ8G38-AHD2C"
          },
          {
            "id": "ad2cda34-6877-4ddd-be9f-995a022a2503",
            "sequenceNo": 2,
            "status": "provisioned",
            "provider": "AsiaLink Roaming",
            "iccid": "89652100008197980265",
            "phone": null,
            "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$63-3KHQ4-R7MX9XBR-MUKEY",
            "smdpAddress": "smdp.asialink-roaming.sg.example",
            "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$63-3KHQ4-R7MX9XBR-MUKEY"
          },
          {
            "id": "f9e9448f-285c-4c63-8134-9d2fabf68a84",
            "sequenceNo": 3,
            "status": "provisioned",
            "provider": "AsiaLink Roaming",
            "iccid": "89652100008197980273",
            "phone": null,
            "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$TF-T85PK-1JJC5RV1-3RG4B",
            "smdpAddress": "smdp.asialink-roaming.sg.example",
            "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$TF-T85PK-1JJC5RV1-3RG4B"
          },
          {
            "id": "d932b38b-3202-4d13-a0a3-6266761c2644",
            "sequenceNo": 4,
            "status": "provisioned",
            "provider": "AsiaLink Roaming",
            "iccid": "89652100008197980281",
            "phone": null,
            "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$K2-X3THX-LB6QQ18C-FLJS4",
            "smdpAddress": "smdp.asialink-roaming.sg.example",
            "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$K2-X3THX-LB6QQ18C-FLJS4"
          },
          {
            "id": "9bda3ec4-4e2a-44d5-bb37-c62ac47edb9d",
            "sequenceNo": 5,
            "status": "provisioned",
            "provider": "AsiaLink Roaming",
            "iccid": "89652100008197980299",
            "phone": null,
            "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$TG-RMZH4-TTJGS9EK-3YKLQ",
            "smdpAddress": "smdp.asialink-roaming.sg.example",
            "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$TG-RMZH4-TTJGS9EK-3YKLQ"
          }
        ]
      }
    },
    "getOrders": {
      "success": true,
      "data": [
        {
          "id": "46b67550-cc05-40f7-b4b6-9fd6654a5003",
          "status": "confirmed",
          "orderSource": "web",
          "quantity": 40,
          "unitPriceThb": 538,
          "totalPriceThb": 21520,
          "createdAt": "2025-12-19T11:15:38.000Z",
          "product": {
            "name": "Europe 33 Countries 10GB 15 Days",
            "sku": "EU-GLR-33C-10GB-15D"
          },
          "items": [
            {
              "id": "5a30b7b2-16b1-4379-bc19-6a382072a8c6",
              "sequenceNo": 1,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560001",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$PV-0CPKQ-SYSXVQAG-LEWWT",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$PV-0CPKQ-SYSXVQAG-LEWWT"
            },
            {
              "id": "f3f37dbb-7ce7-4816-97e1-b890240ad889",
              "sequenceNo": 2,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560019",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$TS-1VNSG-PBRKTAUK-V0QYJ",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$TS-1VNSG-PBRKTAUK-V0QYJ"
            },
            {
              "id": "351f8eb7-ca48-4b40-b4ce-a2c8cdfadbbd",
              "sequenceNo": 3,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560027",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$NV-3GM1M-BFGSX56L-1KNKQ",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$NV-3GM1M-BFGSX56L-1KNKQ"
            },
            {
              "id": "fb5a8e41-36d4-4a96-90b4-66a180f962be",
              "sequenceNo": 4,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560035",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$6P-C4UU4-B5BZVXNK-T6VYR",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$6P-C4UU4-B5BZVXNK-T6VYR"
            },
            {
              "id": "789e57d9-a479-4201-b70a-146140f96067",
              "sequenceNo": 5,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560043",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$2K-8ZX7K-7Z2V4ZEW-K7GKB",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$2K-8ZX7K-7Z2V4ZEW-K7GKB"
            },
            {
              "id": "439d5923-c24b-4004-855c-05a2da13b67e",
              "sequenceNo": 6,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560050",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$KW-YGT2D-WAACS7PC-5TL87",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$KW-YGT2D-WAACS7PC-5TL87"
            },
            {
              "id": "469861b1-ddb7-4b6c-ac25-5590a3675621",
              "sequenceNo": 7,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560068",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$8B-DH3RY-FFT1R5YJ-HN175",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$8B-DH3RY-FFT1R5YJ-HN175"
            },
            {
              "id": "53d536a1-2bc9-4e2b-ae23-85b02bfee221",
              "sequenceNo": 8,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560076",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$WE-HK4FU-VMM8UYSX-WEMRE",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$WE-HK4FU-VMM8UYSX-WEMRE"
            },
            {
              "id": "293d0166-4115-4f3b-9400-27cb57dd500b",
              "sequenceNo": 9,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560084",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$6U-2G5GB-QU9DKDPK-TM725",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$6U-2G5GB-QU9DKDPK-TM725"
            },
            {
              "id": "bb2692c9-9bf8-4d6a-bea4-955927f637dd",
              "sequenceNo": 10,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560092",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$SG-4TTKT-AKMKCT28-SWKFE",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$SG-4TTKT-AKMKCT28-SWKFE"
            },
            {
              "id": "ad3e6f9c-8852-4630-b42e-12be40fa4795",
              "sequenceNo": 11,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560100",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$AK-9ES2E-YSG5GX1V-XELVP",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$AK-9ES2E-YSG5GX1V-XELVP"
            },
            {
              "id": "45758a37-f50d-480e-b6e6-135c26d810bf",
              "sequenceNo": 12,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560118",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$08-M7SX1-3PR3079G-H01W5",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$08-M7SX1-3PR3079G-H01W5"
            },
            {
              "id": "ec87151c-8334-4464-aa05-bfc333e3c40b",
              "sequenceNo": 13,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560126",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$2Y-3BJZ5-YF76CGK1-5VGQE",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$2Y-3BJZ5-YF76CGK1-5VGQE"
            },
            {
              "id": "2f2bed23-0ee9-4129-8442-3788f2cc97ed",
              "sequenceNo": 14,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560134",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$DM-8FCW7-ETZFA6BJ-YKAVL",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$DM-8FCW7-ETZFA6BJ-YKAVL"
            },
            {
              "id": "9a30b569-a3d6-4af9-9598-7be71930c4c7",
              "sequenceNo": 15,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560142",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$8A-VV4PD-VAN95F33-7HS4Y",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$8A-VV4PD-VAN95F33-7HS4Y"
            },
            {
              "id": "ca6b34ce-3406-43ab-b11e-68fc51850c69",
              "sequenceNo": 16,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560159",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$LB-U4CDT-YZLBQHAZ-8PLU4",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$LB-U4CDT-YZLBQHAZ-8PLU4"
            },
            {
              "id": "94efc925-5479-4331-a477-ff6f387fd372",
              "sequenceNo": 17,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560167",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$7W-LDCLY-ZHCLU1UK-XKY4X",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$7W-LDCLY-ZHCLU1UK-XKY4X"
            },
            {
              "id": "0c73b5e2-ff4d-4d65-84f4-e6ed29a605d1",
              "sequenceNo": 18,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560175",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$2B-G98UX-K8YYA52Z-1F0D0",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$2B-G98UX-K8YYA52Z-1F0D0"
            },
            {
              "id": "28b7ef7c-7a31-4fd4-8962-6406ed953f93",
              "sequenceNo": 19,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560183",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$ZT-SNW4K-4QT0J7ZX-KZJ3A",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$ZT-SNW4K-4QT0J7ZX-KZJ3A"
            },
            {
              "id": "f9b0f50c-fb01-495e-8dfb-e51d46a96618",
              "sequenceNo": 20,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560191",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$8J-DG20Q-2TQD6KW9-G8YE2",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$8J-DG20Q-2TQD6KW9-G8YE2"
            },
            {
              "id": "32618a15-18a9-4d39-8414-1fb1c5e7d355",
              "sequenceNo": 21,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560209",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$1Y-C92HB-SMUY3A0L-94VWG",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$1Y-C92HB-SMUY3A0L-94VWG"
            },
            {
              "id": "4eaf9060-5793-4868-a32c-5a9ee73aabec",
              "sequenceNo": 22,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560217",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$MY-R5KNL-UGF7NVBE-D3DTF",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$MY-R5KNL-UGF7NVBE-D3DTF"
            },
            {
              "id": "d207f11e-dd76-469b-8ca8-6544ac933cf0",
              "sequenceNo": 23,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560225",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$WH-Y377V-JM9T3WTM-UA5VA",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$WH-Y377V-JM9T3WTM-UA5VA"
            },
            {
              "id": "5df4cf18-d67c-4159-a3dc-f81ed8dec99d",
              "sequenceNo": 24,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560233",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$20-JUV0R-PLJDXYZA-QET9S",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$20-JUV0R-PLJDXYZA-QET9S"
            },
            {
              "id": "ce7b7013-fb4b-4a05-9c1e-ed19be1d49bc",
              "sequenceNo": 25,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560241",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$HZ-UJAJY-54DC1KKA-DEFR3",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$HZ-UJAJY-54DC1KKA-DEFR3"
            },
            {
              "id": "6e453569-44be-4122-aa39-3d5a244aad2c",
              "sequenceNo": 26,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560258",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$WK-93Q50-7FLDLNXS-0KFNQ",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$WK-93Q50-7FLDLNXS-0KFNQ"
            },
            {
              "id": "b287d7c6-4c67-49d9-a62b-e17e9818a2f3",
              "sequenceNo": 27,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560266",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$UY-DEQ0F-PS7B49K6-K3RWJ",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$UY-DEQ0F-PS7B49K6-K3RWJ"
            },
            {
              "id": "5f5bb953-f134-4eb4-b2ec-0e97a051a674",
              "sequenceNo": 28,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560274",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$KD-JMRH0-320KHDPC-Y81DA",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$KD-JMRH0-320KHDPC-Y81DA"
            },
            {
              "id": "53c7d27c-fa2c-41cd-a87e-00488543c57c",
              "sequenceNo": 29,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560282",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$BK-W2W0A-JBT9AQAW-G0F4H",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$BK-W2W0A-JBT9AQAW-G0F4H"
            },
            {
              "id": "edd53fd0-5c83-4c40-83fa-3aaa13db249d",
              "sequenceNo": 30,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560290",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$PG-PS9KF-HHCNK62D-4D0VC",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$PG-PS9KF-HHCNK62D-4D0VC"
            },
            {
              "id": "07226952-bfb1-4d16-ae42-ce532f9d4073",
              "sequenceNo": 31,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560308",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$DN-7JDBM-BVYR1TZH-1TZRT",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$DN-7JDBM-BVYR1TZH-1TZRT"
            },
            {
              "id": "3e80caaf-dc32-4339-aa80-5fb5a41847ea",
              "sequenceNo": 32,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560316",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$UL-LAQMX-5SC73NM7-NX9BL",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$UL-LAQMX-5SC73NM7-NX9BL"
            },
            {
              "id": "0999582a-1e34-4eed-95ec-aec656055def",
              "sequenceNo": 33,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560324",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$DS-PXKP9-DGJZ02N4-Z03XQ",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$DS-PXKP9-DGJZ02N4-Z03XQ"
            },
            {
              "id": "bce588ae-9fb6-49e9-8ba5-362db62eaf13",
              "sequenceNo": 34,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560332",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$ZX-J5H1E-D0TR2N58-9KQ06",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$ZX-J5H1E-D0TR2N58-9KQ06"
            },
            {
              "id": "9d3ccccd-69cc-4ff9-a7d3-c3997d876051",
              "sequenceNo": 35,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560340",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$1F-5STBW-HH66A46T-Y2ZRV",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$1F-5STBW-HH66A46T-Y2ZRV"
            },
            {
              "id": "817d20b9-0f99-4ce0-a537-114efc0b0202",
              "sequenceNo": 36,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560357",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$X2-XG1UD-ALZ781KX-H1F15",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$X2-XG1UD-ALZ781KX-H1F15"
            },
            {
              "id": "71e1afb5-19b5-4a90-8e66-d77a38a8b9de",
              "sequenceNo": 37,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560365",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$ZN-04ECN-PK1L36TQ-DK6JX",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$ZN-04ECN-PK1L36TQ-DK6JX"
            },
            {
              "id": "0007cf3c-cd52-4c96-a005-47e64d4edab2",
              "sequenceNo": 38,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560373",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$JB-H0CF2-RKX6BZY5-G0DBZ",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$JB-H0CF2-RKX6BZY5-G0DBZ"
            },
            {
              "id": "7c1fbdc6-f401-4383-8d0b-f49b56b22634",
              "sequenceNo": 39,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560381",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$MS-H6PS0-ET3ZL076-1KNUN",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$MS-H6PS0-ET3ZL076-1KNUN"
            },
            {
              "id": "0db9beb9-1699-4f3a-b46f-5570699da8a0",
              "sequenceNo": 40,
              "status": "provisioned",
              "provider": "GlobeRoam",
              "iccid": "8988234001022560399",
              "phone": null,
              "activationCode": "LPA:1$rsp.globeroam.example$D7-MVUR1-M6CVMNLW-HLKAN",
              "smdpAddress": "rsp.globeroam.example",
              "qrCode": "LPA:1$rsp.globeroam.example$D7-MVUR1-M6CVMNLW-HLKAN"
            }
          ]
        },
        {
          "id": "6bd02e5b-9a1f-49d6-b84c-dbd4d051dcb4",
          "status": "confirmed",
          "orderSource": "api",
          "quantity": 5,
          "unitPriceThb": 273,
          "totalPriceThb": 1365,
          "createdAt": "2025-11-12T03:44:05.000Z",
          "product": {
            "name": "South Korea 5GB 7 Days",
            "sku": "KR-ASL-5GB-7D"
          },
          "items": [
            {
              "id": "f6e37d97-8973-4120-88d5-1696cfdb7a0f",
              "sequenceNo": 1,
              "status": "provisioned",
              "provider": "AsiaLink Roaming",
              "iccid": "89652100008197980257",
              "phone": null,
              "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$G2-W9HR6-W0QZ8G38-AHD2C",
              "smdpAddress": "smdp.asialink-roaming.sg.example",
              "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$G2-W9HR6-W0QZ8G38-AHD2C"
            },
            {
              "id": "ad2cda34-6877-4ddd-be9f-995a022a2503",
              "sequenceNo": 2,
              "status": "provisioned",
              "provider": "AsiaLink Roaming",
              "iccid": "89652100008197980265",
              "phone": null,
              "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$63-3KHQ4-R7MX9XBR-MUKEY",
              "smdpAddress": "smdp.asialink-roaming.sg.example",
              "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$63-3KHQ4-R7MX9XBR-MUKEY"
            },
            {
              "id": "f9e9448f-285c-4c63-8134-9d2fabf68a84",
              "sequenceNo": 3,
              "status": "provisioned",
              "provider": "AsiaLink Roaming",
              "iccid": "89652100008197980273",
              "phone": null,
              "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$TF-T85PK-1JJC5RV1-3RG4B",
              "smdpAddress": "smdp.asialink-roaming.sg.example",
              "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$TF-T85PK-1JJC5RV1-3RG4B"
            },
            {
              "id": "d932b38b-3202-4d13-a0a3-6266761c2644",
              "sequenceNo": 4,
              "status": "provisioned",
              "provider": "AsiaLink Roaming",
              "iccid": "89652100008197980281",
              "phone": null,
              "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$K2-X3THX-LB6QQ18C-FLJS4",
              "smdpAddress": "smdp.asialink-roaming.sg.example",
              "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$K2-X3THX-LB6QQ18C-FLJS4"
            },
            {
              "id": "9bda3ec4-4e2a-44d5-bb37-c62ac47edb9d",
              "sequenceNo": 5,
              "status": "provisioned",
              "provider": "AsiaLink Roaming",
              "iccid": "89652100008197980299",
              "phone": null,
              "activationCode": "LPA:1$smdp.asialink-roaming.sg.example$TG-RMZH4-TTJGS9EK-3YKLQ",
              "smdpAddress": "smdp.asialink-roaming.sg.example",
              "qrCode": "LPA:1$smdp.asialink-roaming.sg.example$TG-RMZH4-TTJGS9EK-3YKLQ"
            }
          ]
        }
      ]
    }
  },
  "errors": {
    "BadRequest": {
      "quantityOutOfRange": {
        "summary": "400 VALIDATION_ERROR: createOrder with quantity 0",
        "value": {
          "success": false,
          "error": {
            "code": "VALIDATION_ERROR",
            "message": "quantity must be an integer from 1 to 2000 (got 0)"
          }
        }
      },
      "purchaseOrderIdMissing": {
        "summary": "400 VALIDATION_ERROR: getOrderStatus without purchaseOrderId",
        "value": {
          "success": false,
          "error": {
            "code": "VALIDATION_ERROR",
            "message": "purchaseOrderId is required: an order id (UUID) as returned by /createOrder"
          }
        }
      }
    },
    "Unauthorized": {
      "unknownKey": {
        "summary": "401 UNAUTHORIZED: A key the sandbox does not know",
        "value": {
          "success": false,
          "error": {
            "code": "UNAUTHORIZED",
            "message": "Invalid API key: check the x-api-key header against the keys of your account."
          }
        }
      },
      "revokedKey": {
        "summary": "401 UNAUTHORIZED: sk_test_revoked",
        "value": {
          "success": false,
          "error": {
            "code": "UNAUTHORIZED",
            "message": "This API key has been revoked: use an active key from the partner console."
          }
        }
      }
    },
    "Forbidden": {
      "missingScope": {
        "summary": "403 FORBIDDEN_SCOPE: sk_test_read_only calls createOrder",
        "value": {
          "success": false,
          "error": {
            "code": "FORBIDDEN_SCOPE",
            "message": "Missing required scope: orders:write"
          }
        }
      },
      "kycRequired": {
        "summary": "403 KYC_REQUIRED: sk_test_kyc_pending",
        "value": {
          "success": false,
          "error": {
            "code": "KYC_REQUIRED",
            "message": "KYC approval is required: the account can call the API once its KYC review is approved."
          }
        }
      }
    },
    "NotFound": {
      "orderNotFound": {
        "summary": "404 ORDER_NOT_FOUND: A purchaseOrderId that is not an order of the account",
        "value": {
          "success": false,
          "error": {
            "code": "ORDER_NOT_FOUND",
            "message": "no order 00000000-0000-4000-8000-000000000000 in this account; use a purchaseOrderId returned by /createOrder or /getOrders"
          }
        }
      }
    },
    "Conflict": {
      "insufficientBalance": {
        "summary": "409 INSUFFICIENT_BALANCE: An order the wallet does not cover (2,000 eSIMs)",
        "value": {
          "success": false,
          "error": {
            "code": "INSUFFICIENT_BALANCE",
            "message": "wallet balance 114060.00 THB does not cover the order total 466000.00 THB; top up the wallet first"
          }
        }
      },
      "inventoryEmpty": {
        "summary": "409 INVENTORY_EMPTY: Scenario empty-inventory",
        "value": {
          "success": false,
          "error": {
            "code": "INVENTORY_EMPTY",
            "message": "eSIM inventory of TH-AIS-15GB-8D cannot cover 1: no eSIMs are left"
          }
        }
      },
      "cardDataIncomplete": {
        "summary": "409 CARD_DATA_INCOMPLETE: Scenario card-data-incomplete",
        "value": {
          "success": false,
          "error": {
            "code": "CARD_DATA_INCOMPLETE",
            "message": "card data of TH-AIS-15GB-8D is incomplete at the provider; no eSIM could be provisioned"
          }
        }
      }
    },
    "OtherError": {
      "limitOutOfRange": {
        "summary": "400 VALIDATION_ERROR: A list route with limit 0",
        "value": {
          "success": false,
          "error": {
            "code": "VALIDATION_ERROR",
            "message": "limit must be an integer from 1 to 200 (got \"0\")"
          }
        }
      },
      "methodNotAllowed": {
        "summary": "405 METHOD_NOT_ALLOWED: POST /getBalance",
        "value": {
          "success": false,
          "error": {
            "code": "METHOD_NOT_ALLOWED",
            "message": "/getBalance takes GET, not POST"
          }
        }
      },
      "rateLimited": {
        "summary": "429 RATE_LIMITED: Scenario rate-limited, the sixth request within a second (with Retry-After)",
        "value": {
          "success": false,
          "error": {
            "code": "RATE_LIMITED",
            "message": "rate limit of 5 requests per 1000 ms reached; retry after 1 s"
          }
        }
      }
    }
  }
};
