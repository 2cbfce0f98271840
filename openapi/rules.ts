// Generated from openapi/openapi.yaml by `npm run api:types` (scripts/contract-rules.ts): do not edit.
// The contract's field rules, for the forms to check exactly what the server will.
export const MoneyRules = {
  "minimum": 0,
  "multipleOf": 0.01
} as const;

export const EmailRules = {
  "minLength": 3,
  "maxLength": 254
} as const;

export const PasswordRules = {
  "minLength": 6,
  "maxLength": 128
} as const;

export const DayRules = {
  "pattern": "^20[0-9]{2}-[0-9]{2}-[0-9]{2}$"
} as const;

export const LoginRequestRules = {
  "properties": {
    "password": {
      "minLength": 1,
      "maxLength": 128
    }
  }
} as const;

export const ConfirmEmailRequestRules = {
  "properties": {
    "password": {
      "minLength": 1,
      "maxLength": 128
    }
  }
} as const;

export const RegisterRequestRules = {
  "properties": {
    "name": {
      "minLength": 6,
      "maxLength": 100
    },
    "returnTo": {
      "pattern": "^/([A-Za-z0-9_.~%?=&-][A-Za-z0-9/_.~%?=&-]*)?$",
      "maxLength": 300
    }
  }
} as const;

export const ResetPasswordRequestRules = {
  "properties": {
    "token": {
      "maxLength": 200
    }
  }
} as const;

export const ContactRequestRules = {
  "properties": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "message": {
      "minLength": 1,
      "maxLength": 5000
    }
  }
} as const;

export const QuantityRules = {
  "minimum": 1,
  "maximum": 100
} as const;

export const NewOrderRequestRules = {
  "properties": {
    "service": {
      "minimum": 1,
      "maximum": 2147483647
    }
  }
} as const;

export const OrderSummaryRules = {
  "properties": {
    "duration_minutes": {
      "minimum": 1
    }
  }
} as const;

export const AvailabilityRules = {
  "properties": {
    "teams": {
      "minimum": 0
    },
    "duration_minutes": {
      "minimum": 1
    }
  }
} as const;

export const CheckoutRequestRules = {
  "properties": {
    "order": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "address": {
      "minLength": 1,
      "maxLength": 200
    },
    "phone": {
      "pattern": "^\\+?[0-9 ()-]{7,20}$",
      "maxLength": 20
    },
    "city": {
      "minLength": 1,
      "maxLength": 100
    },
    "client_note": {
      "maxLength": 2000
    },
    "confirmed_total": {
      "minimum": 0,
      "maximum": 99999999.99,
      "multipleOf": 0.01
    }
  }
} as const;

export const CheckoutResponseRules = {
  "properties": {
    "reference": {
      "minimum": 1
    }
  }
} as const;

export const CheckoutPriceChangeRules = {
  "properties": {
    "previousTotal": {
      "multipleOf": 0.01
    },
    "total": {
      "multipleOf": 0.01
    }
  }
} as const;

export const MyOrderRules = {
  "properties": {
    "reference": {
      "minimum": 1
    },
    "minutes": {
      "minimum": 1
    }
  }
} as const;

export const BookingSeriesRules = {
  "properties": {
    "time": {
      "pattern": "^[0-2][0-9]:[0-5][0-9]$"
    }
  }
} as const;

export const SeriesActionResultRules = {
  "properties": {
    "visits": {
      "minimum": 0
    }
  }
} as const;

export const AccessNotesRules = {
  "properties": {
    "accessNotes": {
      "maxLength": 500
    }
  }
} as const;

export const RefundRequestBodyRules = {
  "properties": {
    "reason": {
      "minLength": 1,
      "maxLength": 1000
    }
  }
} as const;

export const TextSettingsRules = {
  "properties": {
    "phone": {
      "pattern": "^\\+447[0-9]{9}$"
    }
  }
} as const;

export const TextSettingsUpdateRules = {
  "properties": {
    "phone": {
      "minLength": 1,
      "maxLength": 30
    }
  }
} as const;

export const ProfileUpdateRules = {
  "properties": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "oldPassword": {
      "maxLength": 128
    }
  }
} as const;

export const AdminOrderRules = {
  "properties": {
    "reference": {
      "minimum": 1
    }
  }
} as const;

export const OrderStatusUpdateRules = {
  "properties": {
    "version": {
      "minimum": 0
    }
  }
} as const;

export const OrderDetailRules = {
  "properties": {
    "reference": {
      "minimum": 1
    },
    "minutes": {
      "minimum": 1
    }
  }
} as const;

export const JobPhotoRules = {
  "properties": {
    "bytes": {
      "minimum": 1
    }
  }
} as const;

export const JobEditFieldsRules = {
  "properties": {
    "version": {
      "minimum": 0,
      "maximum": 2147483647
    },
    "team_id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  }
} as const;

export const JobLengthSetRules = {
  "properties": {
    "minutes": {
      "minimum": 30,
      "maximum": 600,
      "multipleOf": 15
    },
    "reason": {
      "pattern": "\\S",
      "minLength": 3,
      "maxLength": 500
    }
  }
} as const;

export const OrderAdjustmentRules = {
  "properties": {
    "amount": {
      "minimum": -10000,
      "maximum": 10000,
      "multipleOf": 0.01
    },
    "reason": {
      "pattern": "\\S",
      "minLength": 3,
      "maxLength": 500
    }
  }
} as const;

export const RefundRequestRules = {
  "properties": {
    "reference": {
      "minimum": 1
    }
  }
} as const;

export const RefundStatusUpdateRules = {
  "properties": {
    "order": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "version": {
      "minimum": 0
    }
  }
} as const;

export const DeleteAccountRequestRules = {
  "properties": {
    "password": {
      "minLength": 1,
      "maxLength": 128
    }
  }
} as const;

export const NewCustomerNoteRules = {
  "properties": {
    "body": {
      "minLength": 1,
      "maxLength": 2000
    }
  }
} as const;

export const CustomerOrderRules = {
  "properties": {
    "reference": {
      "minimum": 1
    }
  }
} as const;

export const NewReplyRules = {
  "properties": {
    "body": {
      "minLength": 1,
      "maxLength": 5000
    }
  }
} as const;

export const ScheduleJobRules = {
  "properties": {
    "reference": {
      "minimum": 1
    },
    "duration_minutes": {
      "minimum": 1
    }
  }
} as const;

export const OfficeBookingRequestRules = {
  "properties": {
    "service": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "address": {
      "minLength": 1,
      "maxLength": 200
    },
    "phone": {
      "pattern": "^\\+?[0-9 ()-]{7,20}$",
      "maxLength": 20
    },
    "city": {
      "minLength": 1,
      "maxLength": 100
    },
    "client_note": {
      "maxLength": 2000
    }
  }
} as const;

export const OfficeBookingRules = {
  "properties": {
    "reference": {
      "minimum": 1
    }
  }
} as const;

export const NewCleanerRules = {
  "properties": {
    "name": {
      "minLength": 2,
      "maxLength": 100
    },
    "team": {
      "minimum": 1,
      "maximum": 2147483647
    }
  }
} as const;

export const CleanerTeamRules = {
  "properties": {
    "team": {
      "minimum": 1,
      "maximum": 2147483647
    }
  }
} as const;

export const JobProgressRules = {
  "properties": {
    "photo": {
      "minLength": 4
    }
  }
} as const;

export const CleanerJobRules = {
  "properties": {
    "reference": {
      "minimum": 1
    },
    "duration_minutes": {
      "minimum": 1
    }
  }
} as const;

export const JobAssignmentRules = {
  "properties": {
    "team": {
      "minimum": 1,
      "maximum": 2147483647
    }
  }
} as const;

export const TeamDayRules = {
  "properties": {
    "weekday": {
      "minimum": 0,
      "maximum": 6
    }
  }
} as const;

export const TeamInputRules = {
  "properties": {
    "name": {
      "minLength": 1,
      "maxLength": 60
    }
  }
} as const;

export const TimeOffRules = {
  "properties": {
    "jobs": {
      "minimum": 0
    }
  }
} as const;

export const NewTimeOffRules = {
  "properties": {
    "reason": {
      "maxLength": 200
    }
  }
} as const;

export const ClosureRules = {
  "properties": {
    "jobs": {
      "minimum": 0
    }
  }
} as const;

export const WaitlistHoldSettingRules = {
  "properties": {
    "minutes": {
      "minimum": 5,
      "maximum": 2880
    }
  }
} as const;

export const JoinWaitlistRequestRules = {
  "properties": {
    "order": {
      "minimum": 1,
      "maximum": 2147483647
    }
  }
} as const;

export const WaitlistContactRules = {
  "properties": {
    "address": {
      "minLength": 1,
      "maxLength": 200
    },
    "phone": {
      "pattern": "^\\+?[0-9 ()-]{7,20}$",
      "maxLength": 20
    },
    "city": {
      "minLength": 1,
      "maxLength": 100
    }
  }
} as const;

export const WaitlistOfferRules = {
  "properties": {
    "total": {
      "multipleOf": 0.01
    }
  }
} as const;

export const WaitlistCheckoutRules = {
  "properties": {
    "address": {
      "minLength": 1,
      "maxLength": 200
    },
    "phone": {
      "pattern": "^\\+?[0-9 ()-]{7,20}$",
      "maxLength": 20
    },
    "city": {
      "minLength": 1,
      "maxLength": 100
    },
    "client_note": {
      "maxLength": 2000
    },
    "confirmed_total": {
      "minimum": 0,
      "maximum": 99999999.99,
      "multipleOf": 0.01
    }
  }
} as const;

export const NewClosureRules = {
  "properties": {
    "reason": {
      "maxLength": 200
    }
  }
} as const;

export const RescheduleRequestRules = {
  "properties": {
    "move": {
      "minLength": 1,
      "maxLength": 200
    }
  }
} as const;

export const OrderLineRules = {
  "properties": {
    "vatRate": {
      "minimum": 0
    },
    "amount": {
      "multipleOf": 0.01
    }
  }
} as const;

export const RevenueFiguresRules = {
  "properties": {
    "net": {
      "multipleOf": 0.01
    },
    "vat": {
      "multipleOf": 0.01
    },
    "gross": {
      "multipleOf": 0.01
    }
  }
} as const;

export const VatReturnRules = {
  "properties": {
    "start": {
      "pattern": "^(20([0-8][0-9]|9[0-8])-(0[1-9]|1[0-2])|2099-(0[1-9]|10))$"
    },
    "box1": {
      "multipleOf": 0.01
    },
    "box2": {
      "multipleOf": 0.01
    },
    "box3": {
      "multipleOf": 0.01
    },
    "box4": {
      "multipleOf": 0.01
    },
    "box5": {
      "multipleOf": 0.01
    },
    "netSales": {
      "multipleOf": 0.01
    },
    "invoices": {
      "minimum": 0
    },
    "creditNotes": {
      "minimum": 0
    }
  }
} as const;

export const InvoiceLineRules = {
  "properties": {
    "vatRate": {
      "minimum": 0
    },
    "net": {
      "multipleOf": 0.01
    },
    "vat": {
      "multipleOf": 0.01
    },
    "amount": {
      "multipleOf": 0.01
    }
  }
} as const;

export const ReceiptRules = {
  "properties": {
    "number": {
      "minimum": 1
    },
    "reference": {
      "minimum": 1
    }
  }
} as const;

export const VatAtRateRules = {
  "properties": {
    "rate": {
      "minimum": 0
    },
    "net": {
      "multipleOf": 0.01
    },
    "vat": {
      "multipleOf": 0.01
    },
    "gross": {
      "multipleOf": 0.01
    }
  }
} as const;

export const OrderDocumentRules = {
  "properties": {
    "number": {
      "minimum": 1
    }
  }
} as const;

export const CreditNoteRules = {
  "properties": {
    "number": {
      "minimum": 1
    },
    "invoice": {
      "minimum": 1
    }
  }
} as const;

export const QuoteRefRules = {
  "pattern": "^[A-Za-z0-9_-]{16,64}$"
} as const;

export const FrequencyCodeRules = {
  "pattern": "^[a-z_]{1,30}$"
} as const;

export const PostcodeRules = {
  "pattern": "^[A-Za-z]{1,2}[0-9][A-Za-z0-9]? ?[0-9][A-Za-z]{2}$"
} as const;

export const PriceInputRules = {
  "minimum": 0,
  "maximum": 100000,
  "multipleOf": 0.01
} as const;

export const AreaWaitlistRequestRules = {
  "properties": {
    "email": {
      "maxLength": 254
    }
  }
} as const;

export const MinutesChangeRules = {
  "properties": {
    "minutes": {
      "minimum": 0,
      "maximum": 720
    }
  }
} as const;

export const ServiceLengthRules = {
  "properties": {
    "baseMinutes": {
      "minimum": 0,
      "maximum": 720
    }
  }
} as const;

export const TravelSettingRules = {
  "properties": {
    "sameAreaMinutes": {
      "minimum": 0,
      "maximum": 240
    },
    "otherAreaMinutes": {
      "minimum": 0,
      "maximum": 240
    }
  }
} as const;

export const DiscountChangeRules = {
  "properties": {
    "discountPercent": {
      "minimum": 0,
      "maximum": 100,
      "multipleOf": 0.01
    }
  }
} as const;

export const ClockTimeRules = {
  "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"
} as const;

export const OutwardCodeRules = {
  "pattern": "^[A-Za-z]{1,2}[0-9][A-Za-z0-9]?$"
} as const;

export const PricedItemRules = {
  "properties": {
    "minutes": {
      "minimum": 0
    }
  }
} as const;

export const FrequencyRuleRules = {
  "properties": {
    "discountPercent": {
      "minimum": 0,
      "maximum": 100
    }
  }
} as const;

export const OpeningHoursRules = {
  "properties": {
    "weekday": {
      "minimum": 0,
      "maximum": 6
    }
  }
} as const;

export const PricingRulesRules = {
  "properties": {
    "vatPercent": {
      "minimum": 0,
      "maximum": 100
    }
  }
} as const;

export const QuoteOptionsRules = {
  "properties": {
    "vatPercent": {
      "minimum": 0,
      "maximum": 100
    }
  }
} as const;

export const QuoteChoiceRules = {
  "properties": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  }
} as const;

export const QuoteRequestRules = {
  "properties": {
    "service": {
      "minimum": 1,
      "maximum": 2147483647
    }
  }
} as const;

export const QuoteLineRules = {
  "properties": {
    "amount": {
      "multipleOf": 0.01
    }
  }
} as const;

export const QuoteRules = {
  "properties": {
    "minutes": {
      "minimum": 30
    }
  }
} as const;
